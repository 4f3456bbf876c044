import './zod-jitless.ts';
import { createRoot } from 'react-dom/client';
import { initialLanguage } from './i18n/language.ts';
import { LOGIN_MESSAGES } from './i18n/login-messages.ts';

// The login page at the root loads without react-admin; every other path loads the console.
const root = createRoot(document.getElementById('root')!);
const failed = () =>
  root.render(
    <p role="alert" style={{ padding: 24, fontFamily: 'sans-serif' }}>
      ChunkLoadError: {LOGIN_MESSAGES[initialLanguage()].chunkLoadError}
    </p>,
  );
if (window.location.pathname === '/')
  import('./login/login-app.tsx').then(({ LoginApp }) => root.render(<LoginApp />), failed);
else {
  // the map is the screen after sign-in: its code loads beside the console's rather than after it (a failure
  // shows when the screen itself asks for it)
  if (window.location.pathname.startsWith('/Map')) import('./screens/map-page.tsx').catch(() => {});
  import('./console-app.tsx').then(({ ConsoleApp }) => root.render(<ConsoleApp />), failed);
}
