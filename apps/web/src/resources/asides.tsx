import type { ReactElement } from 'react';
import { LampProgramAside } from './lamp-program-aside.tsx';

/** What a detail screen shows beside its record, for the entities that have more to say. */
export const ASIDES: Partial<Record<string, ReactElement>> = {
  LuminaryModules: <LampProgramAside />,
  LuminarySupports: <LampProgramAside />,
};
