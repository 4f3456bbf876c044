import { http } from '../../providers/http.ts';
import { zoneAt } from '../../resources/inputs/timezone-input.tsx';

type City = { name?: Record<string, string | undefined>; lat?: number; lon?: number; timezone?: string };

const same = (a?: string, b?: string) => !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether a city already carries one of the new city's names, in any language. */
export async function cityExists(city: City): Promise<boolean> {
  const names = Object.values(city.name ?? {}).filter((n): n is string => !!n?.trim());
  for (const name of names) {
    const q = new URLSearchParams({ q: name.trim(), limit: '100' });
    const page = await http<{ data: City[] }>('GET', `/api/v1/Cities?${q}`);
    if (page.data.some((c) => Object.values(c.name ?? {}).some((n) => same(n, name)))) return true;
  }
  return false;
}

/** The city's zone as given, else found from its coordinates; undefined when neither gives one. */
export const cityZone = async (city: City) => city.timezone?.trim() || (await zoneAt(city.lat, city.lon));
