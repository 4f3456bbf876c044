import { firstViewHandle, startFirstView } from './first-view.ts';

// Bundled on its own and inlined into index.html (vite.config.ts), so the first view is asked for while the
// console's scripts are still on their way, and drawn without waiting for them.
window.slFirstView = firstViewHandle;

// MapLibre's code (a megabyte) and its worker's (half one) asked for once the first view is drawn, rather than
// once the console's first script has run: on two cores that was half a second of the map's first draw
startFirstView(() => {
  for (const href of __MAP_PRELOAD__.modules) {
    const l = document.createElement('link');
    l.rel = 'modulepreload';
    l.href = href;
    document.head.appendChild(l);
  }
  // kept by the browser (the server marks /assets/ immutable): the worker finds it in the cache
  if (__MAP_PRELOAD__.worker) void fetch(__MAP_PRELOAD__.worker).catch(() => undefined);
});
