import { describe, expect, it, vi } from 'vitest';
import { MARKS } from '@sl/domain/marker-states';
import { markLook, RESERVE_RING_WIDTH } from './marker-look.ts';

describe('how the marker states look', () => {
  it('draws an unused mounting and a reserve controller hollow, a free socket and a deleted lamp ringed apart', () => {
    const look = Object.fromEntries(MARKS.map((m) => [m.state, markLook(m)]));
    expect(look.UNUSED_SUPPORT).toMatchObject({ hollow: true, width: RESERVE_RING_WIDTH });
    expect(look.CONTROLLER_OFF).toMatchObject({ hollow: true });
    expect(look.CONTROLLER_ON).toBeUndefined();
    expect(look.UNUSED_SOCKET!.ring).toBeTruthy();
    expect(look.LAMP_DELETED!.ring).toBeTruthy();
    expect(look.UNUSED_SOCKET!.ring).not.toBe(look.LAMP_DELETED!.ring);
  });
});

describe('the map style', () => {
  it('draws each marker state from the one table', async () => {
    vi.stubGlobal('location', { origin: 'http://console.test' });
    const { DEVICE_LAYERS } = await import('./map-style.ts');
    const paint = (id: string) => JSON.stringify(DEVICE_LAYERS.find((l) => l.spec.id === id)!.spec.paint);
    for (const m of MARKS) {
      const look = markLook(m);
      const drawn = paint(`${m.layer}-points`);
      if (!look) continue;
      expect(drawn, m.state).toContain(JSON.stringify(['==', ['get', m.flag], m.is]));
      if (look.ring) expect(drawn, m.state).toContain(look.ring);
    }
    expect(paint('LuminaryModules-points')).not.toContain('"case"');
  });
});
