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
const loadConsole = () =>
  import('./console-app.tsx').then(({ ConsoleApp }) => root.render(<ConsoleApp />), failed);
/** At most this long the console waits for the map made early to draw its devices. */
const MAP_HEAD_START_MS = 1500;

if (window.location.pathname === '/')
  import('./login/login-app.tsx').then(({ LoginApp }) => root.render(<LoginApp />), failed);
// the crew's phone screen loads on its own too: light, and kept for use without network (its service worker)
else if (/^\/field(\/|$)/.test(window.location.pathname))
  import('./screens/field/field-app.tsx').then(({ FieldApp }) => root.render(<FieldApp />), failed);
else if (window.location.pathname.startsWith('/Map')) {
  // MapLibre alone first: on two cores the console's shell, loading and rendering beside it, doubled the time
  // to the devices drawn; the shell and the map screen come once they are (the screen adopts the map)
  const drawn = import('./screens/map/early-map.ts').then(
    ({ startEarlyMap }) => startEarlyMap(),
    () => undefined,
  );
  void Promise.race([drawn, new Promise((r) => setTimeout(r, MAP_HEAD_START_MS))]).then(() => {
    // the map screen's code beside the console's rather than after it (a failure shows when the screen asks)
    import('./screens/map-page.tsx').catch(() => {});
    void loadConsole();
  });
} else void loadConsole();
