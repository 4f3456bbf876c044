import MapIcon from '@mui/icons-material/Map';
import DashboardIcon from '@mui/icons-material/Dashboard';
import InsightsIcon from '@mui/icons-material/Insights';
import EventIcon from '@mui/icons-material/Event';
import ScheduleIcon from '@mui/icons-material/Schedule';
import PersonIcon from '@mui/icons-material/Person';
import AddLocationIcon from '@mui/icons-material/AddLocationAlt';
import InfoIcon from '@mui/icons-material/Info';
import GavelIcon from '@mui/icons-material/Gavel';
import { AppBar, Layout, Menu, UserMenu, useGetIdentity, type LayoutProps } from 'react-admin';
import { AppError } from './feedback/app-error.tsx';
import { sl } from './i18n/messages.ts';
import { NavigationEffects } from './navigation/navigation-effects.tsx';
import { canDo } from './providers/auth-provider.ts';

function AppMenu() {
  return (
    <Menu>
      <Menu.Item to="/Map" primaryText={sl('mapTitle')} leftIcon={<MapIcon />} />
      <Menu.Item to="/Dashboard" primaryText={sl('dashboard')} leftIcon={<DashboardIcon />} />
      <Menu.Item to="/Analytics" primaryText={sl('analytics')} leftIcon={<InsightsIcon />} />
      <Menu.Item to="/Calendar" primaryText={sl('calendar')} leftIcon={<EventIcon />} />
      <Menu.Item to="/PowerSchedule" primaryText={sl('schedule')} leftIcon={<ScheduleIcon />} />
      <Menu.ResourceItems />
      <Menu.Item to="/Profile" primaryText={sl('myProfile')} leftIcon={<PersonIcon />} />
      {canDo('Groups', 'create') && (
        <Menu.Item to="/Wizard" primaryText={sl('wizard')} leftIcon={<AddLocationIcon />} />
      )}
      <Menu.Item to="/About" primaryText={sl('about')} leftIcon={<InfoIcon />} />
      <Menu.Item to="/Licensing" primaryText={sl('licensing')} leftIcon={<GavelIcon />} />
    </Menu>
  );
}

// The user button shows who is signed in; its accessible name must say the same (axe: label-content-name-mismatch).
function IdentityUserMenu() {
  const { identity } = useGetIdentity();
  return <UserMenu label={identity?.fullName} />;
}

const IdentityAppBar = () => <AppBar userMenu={<IdentityUserMenu />} />;

export const AppLayout = ({ children, ...props }: LayoutProps) => (
  <Layout {...props} menu={AppMenu} appBar={IdentityAppBar} error={AppError}>
    <NavigationEffects />
    {children}
  </Layout>
);
