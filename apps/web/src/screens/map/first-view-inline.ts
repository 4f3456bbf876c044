import { firstViewHandle, startFirstView } from './first-view.ts';

// Bundled on its own and inlined into index.html (vite.config.ts), so the first view is asked for while the
// console's scripts are still on their way, and drawn without waiting for them.
window.slFirstView = firstViewHandle;
startFirstView();
