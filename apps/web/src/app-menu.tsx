import { AppBar, Layout, UserMenu, useGetIdentity, type LayoutProps } from 'react-admin';
import { AppError } from './feedback/app-error.tsx';
import { NavigationEffects } from './navigation/navigation-effects.tsx';
import { AppMenu } from './navigation/task-menu.tsx';

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
