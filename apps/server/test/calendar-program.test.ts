import { afterAll, beforeAll, describe, it } from 'vitest';
import { addDays, localDay, zonedInstant } from '@sl/domain/astro';
import { loadCity, startSimulator, type SimulatorHandle } from '@sl/simulator';
import { seedDemoCity } from '../src/field/demo-city.ts';
import { until } from './field-setup.ts';
import { backend, startServer, type TestServer } from './harness.ts';

// A day type set through the calendar reaches the field at once (issue 11 §4): the upload tells the lighting
// programs, which resend the tables it changes. The simulator's clock stands at 02:00 of the night in progress.

const TZ = 'America/New_York';
const night = localDay(new Date(Date.now() - 12 * 3_600_000), TZ);
const twoAm = zonedInstant(addDays(night, 1), '02:00', TZ);

describe(`calendar changes in the lighting programs, on ${backend}`, () => {
  let s: TestServer;
  let sim: SimulatorHandle;

  beforeAll(async () => {
    s = await startServer({}, { programs: { settleMs: 200 } });
    const city = await loadCity('cambridge', { controllers: 1 });
    const demo = (await s.call('GET', '/api/v1/Groups?name=Demo')).body.data[0];
    await seedDemoCity(s.db, demo._id, demo.cities[0], city);
    const secrets = await s.commission(city.cabinets.map((c) => c.controller.mac));
    sim = await startSimulator({
      broker: s.brokerUrl,
      city,
      intervalMs: 300,
      faults: false,
      secrets,
      clock: () => twoAm,
    });
  });
  afterAll(async () => {
    await sim?.stop({ clearRetained: true });
    await s?.close();
  });

  const allAt = (pwm: number) => async () => {
    const lamps = (await s.call('GET', '/api/v1/LuminaryModules?limit=100')).body.data as { pwm: number }[];
    return lamps.length > 0 && lamps.every((m) => m.pwm === pwm) ? true : undefined;
  };
  const profile = async (name: string, pwm0: number) =>
    (await s.call('POST', '/api/v1/Profiles', { name, kind: 'onOff', settings: { pwm0 } })).body._id;

  it('moves the lamps to the profile of a day type uploaded for tonight', async () => {
    const usual = await profile('Usual night', 40);
    const event = await profile('Event night', 70);
    // a type the demo's holidays never set, so tonight starts as an ordinary night whatever the date
    await s.call('POST', '/api/v1/Politics', {
      name: 'By day type',
      profile: usual,
      rules: [{ conditions: { dateTypes: ['events'] }, profile: event }],
    });
    await until(allAt(40), 15_000);
    const upload = await s.raw('POST', '/api/v2/calendar/upload', `${night},events,Street fair`, {
      'content-type': 'text/csv',
    });
    if (upload.status !== 200) throw new Error(JSON.stringify(upload.body));
    await until(allAt(70), 15_000);
  });
});
