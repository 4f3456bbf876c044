import { Navigate, Route, useParams } from 'react-router-dom';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { ENTITIES } from '@sl/domain';
import { AppLayout } from './app-menu.tsx';
import { AppError } from './feedback/app-error.tsx';
import { AppNotification } from './feedback/app-notification.tsx';
import { i18nProvider } from './i18n/i18n-provider.ts';
import { authProvider } from './providers/auth-provider.ts';
import { dataProvider } from './providers/data-provider.ts';
import { preferenceStore } from './providers/preference-store.ts';
import { recordTitle } from './resources/record-title.ts';
import { RootReload } from './screens/root-reload.tsx';
import { FieldPageLoad } from './screens/field/field-page-load.tsx';
import { NotFound } from './screens/not-found.tsx';
import { SCREENS } from './screens/lazy-screens.ts';
import { darkTheme, lightTheme } from './theme.ts';

const store = preferenceStore();

const isEntity = (name: string) => ENTITIES.some((e) => e.name === name);

/** The list route at the root with an optional type (spec §2): `/list/{Entity}`, lamps by default. */
function ListRoute() {
  const { type = 'Luminaries' } = useParams();
  return isEntity(type) ? <Navigate to={`/${type}`} replace /> : <NotFound />;
}

export function App() {
  return (
    <Admin
      dataProvider={dataProvider}
      authProvider={authProvider}
      store={store}
      i18nProvider={i18nProvider}
      layout={AppLayout}
      theme={lightTheme}
      darkTheme={darkTheme}
      notification={AppNotification}
      error={AppError}
      loginPage={false}
      catchAll={NotFound}
      title={'sl.title'}
      disableTelemetry
      requireAuth
    >
      <CustomRoutes noLayout>
        <Route path="/" element={<RootReload />} />
        <Route path="/field/*" element={<FieldPageLoad />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/Map" element={<SCREENS.MapPage />} />
        <Route path="/Dashboard" element={<SCREENS.DashboardScreen />} />
        <Route path="/Analytics" element={<SCREENS.AnalyticsScreen />} />
        <Route path="/Calendar" element={<SCREENS.CalendarScreen />} />
        <Route path="/Commands" element={<SCREENS.CommandsScreen />} />
        <Route path="/Events" element={<SCREENS.EventsScreen />} />
        <Route path="/Reports" element={<SCREENS.ReportScreen />} />
        <Route path="/Reports/:id" element={<SCREENS.ReportScreen />} />
        <Route path="/MaintenanceReports" element={<SCREENS.MaintenanceReportScreen />} />
        <Route path="/Dispatch" element={<SCREENS.DispatchScreen />} />
        <Route path="/PowerSchedule" element={<SCREENS.ScheduleScreen />} />
        <Route path="/About" element={<SCREENS.AboutScreen />} />
        <Route path="/Licensing" element={<SCREENS.LicensingScreen />} />
        <Route path="/Profile" element={<SCREENS.ProfileScreen />} />
        <Route path="/Wizard" element={<SCREENS.WizardScreen />} />
        <Route path="/Import" element={<SCREENS.ImportScreen />} />
        <Route path="/TalqGateways" element={<SCREENS.TalqGatewaysScreen />} />
        <Route path="/list/:type?" element={<ListRoute />} />
      </CustomRoutes>
      {ENTITIES.map((e) => (
        <Resource
          key={e.name}
          name={e.name}
          options={{ label: e.labelKey }}
          list={SCREENS.EntityList}
          show={SCREENS.EntityShow}
          edit={SCREENS.EntityEdit}
          create={SCREENS.EntityCreate}
          recordRepresentation={recordTitle(e.name)}
        />
      ))}
    </Admin>
  );
}
