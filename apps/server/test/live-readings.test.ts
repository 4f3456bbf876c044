import { describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '@sl/simulator';
import { fieldForSuite, until } from './field-setup.ts';
import { backend, type TestServer } from './harness.ts';
import { listen } from './live-listener.ts';

// A dim's effect on a lamp's readings reaches open consoles: its level at once, its power once the lamp has
// settled at the new level (a reading later), so a popup can show both without being opened again.

let s: TestServer;
let sim: SimulatorHandle;
fieldForSuite(1, (field) => ({ s, sim } = field));

type Reading = { _id: number; mac: string; pwm?: number; pow?: number };

describe(`live readings on ${backend}`, () => {
  it("pushes a dimmed lamp's new level and then its new power", async () => {
    const cabinet = sim.city.cabinets[0]!;
    const lamp = cabinet.modules[3]!;
    const device = sim.controllers[0]!.device;
    // lit whatever the hour: its phase switched on by hand holds until the next twilight
    const on = await s.call(
      'GET',
      `/api/v1/control/controller?by=mac&mac=${cabinet.controller.mac}&sw${lamp.phase}=1`,
    );
    expect(on.body.code).toBe(0);
    await until(() => device.lamps.get(lamp.mac)!.lit && device.lamps.get(lamp.mac)!.pow > lamp.watts * 0.9);

    const stream = await listen(s, s);
    expect((await s.call('GET', `/api/v1/control/lighting?by=mac&mac=${lamp.mac}&raw=40`)).body.code).toBe(0);
    const mine = () =>
      stream.events
        .filter((e) => e.event === 'modules')
        .flatMap((e) => e.data as Reading[])
        .filter((r) => r.mac === lamp.mac);
    await until(() => mine().some((r) => r.pwm === 40));
    // the lamp draws 40 % of its rating and its module's own 0.4 W, within the readings' noise
    const settled = lamp.watts * 0.4 + 0.4;
    const last = await until(() =>
      mine().find((r) => r.pow !== undefined && Math.abs(r.pow - settled) < 0.05 * settled),
    );
    expect(last.pwm).toBe(40);
    // the noise of steady readings is not announced
    const count = mine().length;
    await new Promise((r) => setTimeout(r, 1500));
    expect(mine().length).toBe(count);
    stream.stop();
  });
});
