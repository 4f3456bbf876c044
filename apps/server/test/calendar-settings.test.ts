import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type TestServer } from './harness.ts';

// Spec §8 CalendarSettingsError: a group's calendar is its local days, its weekend its country's; with no time zone
// on the group or any of its cities it cannot be set up, and the answer sends the user to an administrator.

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

describe(`calendar settings on ${backend}`, () => {
  it('answers CalendarSettingsError for a group with no time zone, and the days once a city gives it one', async () => {
    const user = await s.adminOfNewGroup('No zone');
    const group = (await s.call('GET', '/api/v1/Groups?name=No%20zone')).body.data[0]._id as number;
    const period = (lang: string) =>
      user.call('GET', '/api/v1/CalendarProfiles?year=2026&month=3', undefined, { 'accept-language': lang });
    const en = await period('en-US');
    expect(en.status).toBe(500);
    expect(en.body).toMatchObject({
      code: 'CalendarSettingsError',
      message: 'calendar initialization error, contact your administrator',
    });
    expect((await period('ru')).body.message).toBe(
      'ошибка инициализации календаря, обратитесь к администратору',
    );
    const v2 = await user.call('GET', '/api/v2/calendar-profiles/search?year=2026');
    expect(v2.body.code).toBe('CalendarSettingsError');

    const city = await s.call('POST', '/api/v1/Cities', {
      name: { 'en-us': 'Zoned', ru: 'С поясом' },
      lat: 52.5,
      lon: 13.4,
      timezone: 'Europe/Berlin',
    });
    expect(city.status, JSON.stringify(city.body)).toBe(201);
    expect((await s.call('PATCH', `/api/v1/Groups/${group}`, { cities: [city.body._id] })).status).toBe(200);
    const days = await period('en-US');
    expect(days.status, JSON.stringify(days.body)).toBe(200);
    expect(days.body.data).toEqual([]);
  });

  it('leaves an administrator of no group their shared calendar', async () => {
    expect((await s.call('GET', '/api/v1/CalendarProfiles?year=2026')).status).toBe(200);
  });
});
