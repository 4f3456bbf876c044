import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type TestServer } from './harness.ts';

// A form's two empty coordinate inputs are no location; one coordinate without the other is refused on its field.

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

describe(`empty points on ${backend}`, () => {
  it('creates a lamp with blank coordinates as one with no location, and clears one so on a patch', async () => {
    const blank = { coordinates: [null, null] };
    const created = await s.call('POST', '/api/v1/Luminaries', { uid: 'L-BLANK', location: blank });
    expect(created.status).toBe(201);
    expect(created.body.location).toBeNull();
    const id = created.body._id;
    await s.call('PATCH', `/api/v1/Luminaries/${id}`, { location: { coordinates: [-71.1, 42.37] } });
    const cleared = await s.call('PATCH', `/api/v1/Luminaries/${id}`, { location: blank });
    expect(cleared.status).toBe(200);
    expect(cleared.body.location).toBeNull();
  });

  it('refuses half a point with the catalogue error naming the missing coordinate', async () => {
    const half = await s.call('POST', '/api/v1/Luminaries', {
      uid: 'L-HALF',
      location: { coordinates: [null, 42.37] },
    });
    expect(half.status).toBe(400);
    expect(half.body).toMatchObject({ code: 'IsInvalidError', fields: ['location.coordinates.0'] });
  });
});
