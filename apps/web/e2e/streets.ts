import type { BrowserContext } from 'playwright-core';

// The console draws the whole demo city's road polygons (1.2 MB) wherever the online tiles are unreachable, as
// they are in every screen test: in SwiftShader, seconds of CPU per page load. Screens whose tests are not about
// the streets get one road instead; the bundled streets' own tests ask for them with `streets: 'bundled'`.

export type Streets = 'one road' | 'bundled';

/** One road polygon in Cambridge, as the bundled TopoJSON holds its roads. */
const ONE_ROAD = {
  type: 'Topology',
  objects: {
    roads: {
      type: 'GeometryCollection',
      geometries: [{ type: 'Polygon', arcs: [[0]], properties: { TYPE: 'RD-PAVEMENT' } }],
    },
  },
  arcs: [
    [
      [-71.11, 42.37],
      [-71.1, 42.37],
      [-71.1, 42.3702],
      [-71.11, 42.3702],
      [-71.11, 42.37],
    ],
  ],
};

/** Serves the context's pages one road in place of the bundled streets, unless they are asked for. */
export async function useStreets(context: BrowserContext, streets: Streets): Promise<void> {
  if (streets === 'bundled') return;
  await context.route(/\/roads[^/]*\.topojson$/, (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify(ONE_ROAD) }),
  );
}
