// The field screen's service worker (issue 32), hand-written and small: it keeps the app shell of /field so that the
// screen opens without network. Its scope is /field alone: the console's other screens never pass through it.
// Data is not its business: the screen keeps the day's orders in IndexedDB and never asks the API through here.
//
// - a page of /field: from the network when there is one (a new build arrives at once), else the shell kept;
// - the build's files (/assets/, named by their content; /fonts/): from the cache, else fetched and kept;
// - the screen tells it which files it loaded (`keep`): those are kept, and the files of older builds dropped.

const CACHE = 'sl-field-shell';
const SHELL = '/field';
const KEPT = /^\/(assets|fonts)\/|^\/favicon\.svg$/;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.add(SHELL)));
  self.skipWaiting();
});

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

async function page(request) {
  const cache = await caches.open(CACHE);
  try {
    const fresh = await fetch(request);
    if (fresh.ok) await cache.put(SHELL, fresh.clone());
    return fresh;
  } catch (offline) {
    const kept = await cache.match(SHELL);
    if (kept) return kept;
    throw offline;
  }
}

async function file(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const fresh = await fetch(request);
  if (fresh.ok) await cache.put(request, fresh.clone());
  return fresh;
}

async function keep(urls) {
  const cache = await caches.open(CACHE);
  const wanted = new Set(urls.filter((u) => KEPT.test(new URL(u).pathname)));
  for (const request of await cache.keys())
    if (KEPT.test(new URL(request.url).pathname) && !wanted.has(request.url)) await cache.delete(request);
  for (const url of wanted) if (!(await cache.match(url))) await cache.add(url);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && url.pathname.startsWith(SHELL)) event.respondWith(page(request));
  else if (KEPT.test(url.pathname)) event.respondWith(file(request));
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'keep' && Array.isArray(event.data.urls)) event.waitUntil(keep(event.data.urls));
});
