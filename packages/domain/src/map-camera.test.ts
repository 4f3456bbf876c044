import { describe, expect, it } from 'vitest';
import {
  cameraForBounds,
  cameraOnItem,
  ITEM_ZOOM,
  latOf,
  lonOf,
  mercatorX,
  mercatorY,
  placeOf,
  TILE_PX,
  tilesInView,
  DEVICE_TILES_MAX_ZOOM,
} from './map-camera.ts';

const CAMBRIDGE: [number, number, number, number] = [-71.16, 42.35, -71.06, 42.41];
const size = { width: 1009, height: 736 };
const none = { top: 0, right: 0, bottom: 0, left: 0 };

/** Where a place lands on the screen under a camera, in pixels from the top left. */
function screen(camera: { lon: number; lat: number; zoom: number }, lon: number, lat: number) {
  const world = TILE_PX * 2 ** camera.zoom;
  return {
    x: size.width / 2 + (mercatorX(lon) - mercatorX(camera.lon)) * world,
    y: size.height / 2 + (mercatorY(lat) - mercatorY(camera.lat)) * world,
  };
}

describe('cameraForBounds', () => {
  it('round-trips mercator', () => {
    expect(lonOf(mercatorX(-71.1))).toBeCloseTo(-71.1, 9);
    expect(latOf(mercatorY(42.37))).toBeCloseTo(42.37, 9);
  });

  it('fits the bounds inside the padded box, touching it on the tighter side', () => {
    const pad = { top: 40, right: 60, bottom: 40, left: 290 };
    const c = cameraForBounds(CAMBRIDGE, size, pad, 20);
    const nw = screen(c, CAMBRIDGE[0], CAMBRIDGE[3]);
    const se = screen(c, CAMBRIDGE[2], CAMBRIDGE[1]);
    expect(nw.x).toBeGreaterThanOrEqual(pad.left - 1e-6);
    expect(se.x).toBeLessThanOrEqual(size.width - pad.right + 1e-6);
    expect(nw.y).toBeGreaterThanOrEqual(pad.top - 1e-6);
    expect(se.y).toBeLessThanOrEqual(size.height - pad.bottom + 1e-6);
    const touchesX = Math.abs(nw.x - pad.left) < 1e-6 && Math.abs(se.x - (size.width - pad.right)) < 1e-6;
    const touchesY = Math.abs(nw.y - pad.top) < 1e-6 && Math.abs(se.y - (size.height - pad.bottom)) < 1e-6;
    expect(touchesX || touchesY).toBe(true);
  });

  it('centres the bounds without padding', () => {
    const c = cameraForBounds(CAMBRIDGE, size, none, 20);
    expect(c.lon).toBeCloseTo((CAMBRIDGE[0] + CAMBRIDGE[2]) / 2, 9);
    expect(mercatorY(c.lat)).toBeCloseTo((mercatorY(CAMBRIDGE[1]) + mercatorY(CAMBRIDGE[3])) / 2, 12);
  });

  it('stops at the largest zoom for a city of one device', () => {
    const c = cameraForBounds([-71.1, 42.37, -71.1, 42.37], size, none, 17);
    expect(c).toEqual({ lon: expect.closeTo(-71.1, 9), lat: expect.closeTo(42.37, 9), zoom: 17 });
  });

  it('drops padding that would leave no room', () => {
    const small = { width: 300, height: 200 };
    const c = cameraForBounds(CAMBRIDGE, small, { top: 40, right: 60, bottom: 40, left: 290 }, 20);
    expect(c).toEqual(cameraForBounds(CAMBRIDGE, small, none, 20));
  });
});

describe('the current map item', () => {
  it('is centred at street zoom, or closer when the city is already shown closer', () => {
    const at = { lon: -71.1, lat: 42.37 };
    expect(cameraOnItem(at, 13.2)).toEqual({ ...at, zoom: ITEM_ZOOM });
    expect(cameraOnItem(at, 18.5)).toEqual({ ...at, zoom: 18.5 });
  });

  it('stands at its location, else at the lon and lat a module reports, else nowhere', () => {
    expect(placeOf({ location: { type: 'Point', coordinates: [-71.1, 42.37] }, lon: 1, lat: 2 })).toEqual([
      -71.1, 42.37,
    ]);
    expect(placeOf({ location: null, lon: -71.2, lat: 42.3 })).toEqual([-71.2, 42.3]);
    expect(placeOf({ lon: '-71.2', lat: 42.3 })).toBeUndefined();
    expect(placeOf({ location: { type: 'Point', coordinates: [-71.1, 95] } })).toBeUndefined();
    expect(placeOf({ lon: -71.2, lat: -91 })).toBeUndefined();
  });
});

describe('tilesInView', () => {
  it('names the tiles of the whole zoom that a view straddles, as MapLibre asks for them', () => {
    // the corner of four z10 tiles at the centre: a 200 px view touches all four
    const corner = { lon: lonOf(310 / 1024), lat: latOf(378 / 1024), zoom: 10.5 };
    expect(tilesInView(corner, { width: 200, height: 200 })).toEqual({
      z: 10,
      x0: 309,
      x1: 310,
      y0: 377,
      y1: 378,
    });
    // a view 1.34 tiles wide, centred on a tile, spans three columns
    const middle = { lon: lonOf(310.5 / 1024), lat: latOf(378.5 / 1024), zoom: 10.6 };
    expect(tilesInView(middle, { width: 1040, height: 736 })).toEqual({
      z: 10,
      x0: 309,
      x1: 311,
      y0: 378,
      y1: 378,
    });
  });
  it('stops at the edge of the world and at the deepest zoom tiles are made for', () => {
    expect(tilesInView({ lon: -180, lat: 85, zoom: 2 }, { width: 800, height: 600 })).toEqual({
      z: 2,
      x0: 0,
      x1: 0,
      y0: 0,
      y1: 0,
    });
    expect(tilesInView({ lon: 0, lat: 0, zoom: 20.4 }, { width: 10, height: 10 }).z).toBe(
      DEVICE_TILES_MAX_ZOOM,
    );
  });
});
