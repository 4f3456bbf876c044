import { lazy, type ComponentType } from 'react';
import { LIMITS } from '@sl/domain';
import { loadWithin } from '../feedback/chunk-error.ts';

// Screens load on demand; a chunk that fails or takes too long reaches the layout's error screen (AppError).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- screens take their own props
const screen = <C extends ComponentType<any>>(load: () => Promise<{ default: C }>) =>
  lazy(() => loadWithin(load, LIMITS.chunkLoadSeconds * 1000));

export const SCREENS = {
  MapPage: screen(() => import('./map-page.tsx')),
  DashboardScreen: screen(() => import('./energy/dashboard-screen.tsx')),
  AnalyticsScreen: screen(() => import('./energy/analytics-screen.tsx')),
  ReportScreen: screen(() => import('./energy/report-screen.tsx')),
  MaintenanceReportScreen: screen(() => import('./maintenance/maintenance-report-screen.tsx')),
  DispatchScreen: screen(() => import('./dispatch/dispatch-screen.tsx')),
  CalendarScreen: screen(() => import('./calendar/calendar-screen.tsx')),
  CommandsScreen: screen(() => import('./commands/commands-screen.tsx')),
  EventsScreen: screen(() => import('./events/events-screen.tsx')),
  ScheduleScreen: screen(() => import('./schedule/schedule-screen.tsx')),
  AboutScreen: screen(() => import('./about/about-screen.tsx')),
  LicensingScreen: screen(() => import('./about/licensing-screen.tsx')),
  ProfileScreen: screen(() => import('./admin/profile-screen.tsx')),
  WizardScreen: screen(() => import('./admin/wizard-screen.tsx')),
  ImportScreen: screen(() => import('./network/import-screen.tsx')),
  TalqGatewaysScreen: screen(() => import('./network/talq-gateways-screen.tsx')),
  EntityList: screen(() => import('../resources/entity-list.tsx')),
  EntityShow: screen(() => import('../resources/entity-show.tsx')),
  EntityEdit: screen(() => import('../resources/entity-edit.tsx')),
  EntityCreate: screen(() => import('../resources/entity-create.tsx')),
};
