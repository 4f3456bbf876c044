import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The detail screens made for a device, by entity name (each a `lazy(() => import(...))` of its own module). An
 * entity not named here gets the generic screen built from its registry declaration, so a new entity still needs
 * only its declaration.
 */
export const DETAIL_SCREENS: Partial<Record<string, LazyExoticComponent<ComponentType>>> = {
  Cabinets: lazy(() => import('./cabinet/cabinet-screen.tsx')),
  Controllers: lazy(() => import('./controller/controller-screen.tsx')),
  LuminaryModules: lazy(() => import('./module/module-screen.tsx')),
  LuminarySupports: lazy(() => import('./support/support-screen.tsx')),
};
