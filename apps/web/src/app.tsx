import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { ENTITIES } from '@sl/domain';
import { AppLayout } from './app-menu.tsx';
import { i18nProvider } from './i18n/i18n-provider.ts';
import { authProvider } from './providers/auth-provider.ts';
import { dataProvider } from './providers/data-provider.ts';
import { LoginPage } from './screens/login-page.tsx';
import { NotFound } from './screens/not-found.tsx';

// Screens load on demand so that the login page at the root stays light.
const MapPage = lazy(() => import('./screens/map-page.tsx'));
const EntityList = lazy(() => import('./resources/entity-list.tsx'));
const EntityShow = lazy(() => import('./resources/entity-show.tsx'));
const EntityEdit = lazy(() => import('./resources/entity-edit.tsx'));
const EntityCreate = lazy(() => import('./resources/entity-create.tsx'));

export function App() {
  return (
    <Admin
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={AppLayout}
      loginPage={false}
      catchAll={NotFound}
      title={'sl.title'}
      disableTelemetry
    >
      <CustomRoutes noLayout>
        <Route path="/" element={<LoginPage />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/Map" element={<MapPage />} />
      </CustomRoutes>
      {ENTITIES.map((e) => (
        <Resource
          key={e.name}
          name={e.name}
          options={{ label: e.labelKey }}
          list={EntityList}
          show={EntityShow}
          edit={EntityEdit}
          create={EntityCreate}
          recordRepresentation={e.titleField}
        />
      ))}
    </Admin>
  );
}
