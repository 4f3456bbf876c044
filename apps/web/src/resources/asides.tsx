import { lazy, Suspense, type ReactElement } from 'react';
import { Box } from '@mui/material';
import { PanelBoundary } from '../feedback/panel-boundary.tsx';
import { EventHistoryCard } from '../screens/events/event-history-card.tsx';
import { LampProgramAside } from './lamp-program-aside.tsx';
import { PartReplacementsCard } from '../screens/maintenance/part-replacements-card.tsx';

// the charts' code (ECharts) loads with the screens that draw them
const ProfileNightAside = lazy(() => import('../screens/lighting/profile-night-aside.tsx'));
const GroupControlAside = lazy(() => import('../screens/lighting/group-control-aside.tsx'));
const MeterAside = lazy(() => import('../screens/energy/meter-aside.tsx'));
const CabinetTonightAside = lazy(() => import('../screens/schedule/cabinet-tonight-aside.tsx'));

/**
 * Lets a detail screen's record shrink beside its aside, scrolling its own wide rows (a mounting's sockets), so the
 * aside stays on screen.
 */
export const BESIDE_ASIDE = {
  '& .RaEdit-card, & .RaShow-card': { flex: '1 1 0', width: 0, minWidth: 0, overflowX: 'auto' },
} as const;

/** One part of an aside, failing alone; a chart's code loads with it. */
const part = (el: ReactElement) => (
  <PanelBoundary>
    <Suspense>{el}</Suspense>
  </PanelBoundary>
);

/** What a detail screen shows beside its record, for the entities that have more to say. */
export const ASIDES: Partial<Record<string, ReactElement>> = {
  LuminaryModules: (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignSelf: 'flex-start' }}>
      {part(<LampProgramAside />)}
      {part(<EventHistoryCard field="module" />)}
    </Box>
  ),
  LuminarySupports: (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignSelf: 'flex-start' }}>
      {part(<LampProgramAside />)}
      {part(<EventHistoryCard field="support" />)}
    </Box>
  ),
  Profiles: part(<ProfileNightAside />),
  Cabinets: part(<CabinetTonightAside />),
  Controllers: part(<CabinetTonightAside />),
  GroupControl: part(<GroupControlAside />),
  Meters: part(<MeterAside />),
  WorkOrders: part(<PartReplacementsCard fields={['workOrder']} aside />),
};
