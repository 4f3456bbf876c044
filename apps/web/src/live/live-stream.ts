type Listener = (e: MessageEvent<string>) => void;

let source: EventSource | undefined;
let listening = 0;

/**
 * Listens to the server's live stream (`/api/v2/live`) on one connection per tab, shared by every screen that
 * listens: under HTTP/1.1 a browser holds six connections per host, and the layout, the bell, the map and a device
 * screen each used to open their own. The connection closes when nobody listens. Returns the way to stop listening.
 */
export function listenLive(listeners: Record<string, Listener>): () => void {
  source ??= new EventSource('/api/v2/live', { withCredentials: true });
  const shared = source;
  listening += 1;
  for (const [type, listener] of Object.entries(listeners))
    shared.addEventListener(type, listener as EventListener);
  return () => {
    for (const [type, listener] of Object.entries(listeners))
      shared.removeEventListener(type, listener as EventListener);
    listening -= 1;
    if (listening === 0) {
      shared.close();
      source = undefined;
    }
  };
}
