import { sunNight, type Place, type SunNight } from '@sl/domain/astro';
import { daysOfYear } from '@sl/domain/lighting';

/** How many city-years of suns are kept: each is ~365 small objects, and a console asks for a few cities. */
const KEPT = 24;
/** Days computed between two yields to the event loop, so a cold year (about a second) does not stall requests. */
const BATCH = 20;

/**
 * The sun of every night of a year at a place, computed once and shared by every profile of that city: the
 * ephemeris costs a few ms a night, the profile's own arithmetic almost nothing.
 */
export class SunYears {
  private readonly years = new Map<string, Promise<Map<string, SunNight>>>();

  of(place: Place, year: number, tz: string): Promise<Map<string, SunNight>> {
    const key = `${place.lat},${place.lon},${tz},${year}`;
    let found = this.years.get(key);
    if (found) {
      // most recently used last, so the oldest is the first to go
      this.years.delete(key);
    } else {
      found = computeYear(place, year, tz);
      found.catch(() => this.years.delete(key));
    }
    this.years.set(key, found);
    while (this.years.size > KEPT) this.years.delete(this.years.keys().next().value!);
    return found;
  }

  /** Starts computing a year that is likely to be asked for soon, without waiting for it. */
  warm(place: Place, year: number, tz: string): void {
    this.of(place, year, tz).catch(() => undefined);
  }
}

async function computeYear(place: Place, year: number, tz: string): Promise<Map<string, SunNight>> {
  const suns = new Map<string, SunNight>();
  const days = daysOfYear(year);
  for (let i = 0; i < days.length; i++) {
    if (i % BATCH === 0 && i) await new Promise((resolve) => setImmediate(resolve));
    suns.set(days[i]!, sunNight(place, days[i]!, tz));
  }
  return suns;
}
