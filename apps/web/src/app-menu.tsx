import MapIcon from '@mui/icons-material/Map';
import { Layout, Menu, type LayoutProps } from 'react-admin';
import { sl } from './i18n/messages.ts';

function AppMenu() {
  return (
    <Menu>
      <Menu.Item to="/Map" primaryText={sl('mapTitle')} leftIcon={<MapIcon />} />
      <Menu.ResourceItems />
    </Menu>
  );
}

export const AppLayout = (props: LayoutProps) => <Layout {...props} menu={AppMenu} />;
