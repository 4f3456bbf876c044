/**
 * Registers the field screen's service worker (public/field-sw.js, scope /field) and tells it which of the build's
 * files this page loaded: the first visit loads them before the worker exists, so it could not keep them itself.
 * A browser without service workers (or a page not served over HTTPS or from localhost) goes without: the screen
 * then needs the network to open, and still keeps its orders and queue in IndexedDB.
 */
export async function keepFieldShell() {
  if (!('serviceWorker' in navigator)) return;
  await navigator.serviceWorker.register('/field-sw.js', { scope: '/field' });
  const ready = await navigator.serviceWorker.ready;
  const urls = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((u) => new URL(u).origin === location.origin);
  ready.active?.postMessage({ type: 'keep', urls: [...new Set(urls)] });
}
