import {
  AppBar,
  Layout,
  LoadingIndicator,
  LocalesMenuButton,
  ToggleThemeButton,
  UserMenu,
  useGetIdentity,
  useLocales,
  useThemesContext,
  type LayoutProps,
} from 'react-admin';
import { EventsBadge } from './screens/events/events-badge.tsx';
import { AppError } from './feedback/app-error.tsx';
import { NamedProgress } from './feedback/named-progress.tsx';
import { NavigationEffects } from './navigation/navigation-effects.tsx';
import { AppMenu } from './navigation/task-menu.tsx';
import { useLiveResources } from './live/use-live-resources.ts';

// The user button shows who is signed in; its accessible name must say the same (axe: label-content-name-mismatch).
function IdentityUserMenu() {
  const { identity } = useGetIdentity();
  return <UserMenu label={identity?.fullName} />;
}

/** react-admin's own toolbar, after the open events' badge. */
function Toolbar() {
  const locales = useLocales();
  const { darkTheme } = useThemesContext();
  return (
    <>
      <EventsBadge />
      {locales && locales.length > 1 ? <LocalesMenuButton /> : null}
      {darkTheme && <ToggleThemeButton />}
      <LoadingIndicator />
    </>
  );
}

const IdentityAppBar = () => <AppBar userMenu={<IdentityUserMenu />} toolbar={<Toolbar />} />;

export const AppLayout = ({ children, ...props }: LayoutProps) => {
  useLiveResources();
  return (
    <NamedProgress>
      <Layout {...props} menu={AppMenu} appBar={IdentityAppBar} error={AppError}>
        <NavigationEffects />
        {children}
      </Layout>
    </NamedProgress>
  );
};
