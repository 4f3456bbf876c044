import { roundCoordinate } from '@sl/domain';
import { CITIES, readPoles, type CityName } from './inventory.ts';
import type { Pole } from './pole.ts';
import { controllerMac, imei, meterSerial, moduleMac } from './ids.ts';
import { zOrder } from './z-order.ts';

export type Phase = 1 | 2 | 3;
/** One luminaire and the lamp module that controls it. */
export type LampModule = {
  mac: string;
  phase: Phase;
  luminaire: string;
  support: string;
  watts: number;
  model?: string;
};
export type Support = {
  uid: string;
  street?: string;
  lon: number;
  lat: number;
  cabinet: string;
  lamps: string[];
};
export type Cabinet = {
  uid: string;
  group: string;
  lon: number;
  lat: number;
  controller: { uid: string; mac: string; imei: string };
  meter: { serial: string };
  modules: LampModule[];
};
export type City = {
  name: string;
  network: number;
  lon: number;
  lat: number;
  supports: Support[];
  cabinets: Cabinet[];
};

export type CityOptions = {
  /** 0..65535, part of every MAC; defaults to the city's own number */
  network?: number;
  /** keep only the first N cabinets (for quick runs) */
  controllers?: number;
  lampsPerCabinet?: number;
};

export async function loadCity(name: CityName, opts: CityOptions & { dir?: string } = {}): Promise<City> {
  const { code, network } = CITIES[name];
  // an option given as undefined (the CLI's --network left out) keeps the city's own number, the one seeded
  return buildCity(name, code, await readPoles(name, opts.dir), {
    ...opts,
    network: opts.network ?? network,
  });
}

/** Same poles and options, same city: cabinets are cut from each group in space-filling-curve order. */
export function buildCity(name: string, code: string, poles: Pole[], opts: CityOptions = {}): City {
  const network = opts.network ?? 0;
  const perCabinet = opts.lampsPerCabinet ?? 150;
  const key = zOrder(poles);
  const keyed = poles
    .map((p) => ({ p, z: key(p) }))
    .sort((a, b) => a.z - b.z || a.p.uid.localeCompare(b.p.uid));
  const groups = new Map<string, Pole[]>();
  for (const { p } of keyed) {
    const list = groups.get(p.group);
    if (list) list.push(p);
    else groups.set(p.group, [p]);
  }
  const names = [...groups.keys()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const chunks = names.flatMap((g) => split(groups.get(g)!, perCabinet).map((ps, k) => ({ g, k, ps })));
  const luminaires = new Set<string>();
  const cabinets: Cabinet[] = [];
  const supports: Support[] = [];
  let moduleIndex = 0;
  for (const [i, { g, k, ps }] of chunks.slice(0, opts.controllers ?? chunks.length).entries()) {
    const uid = `${code}-${ps[0]!.groupCode}-${k + 1}`;
    const lamps = ps.flatMap((p) => p.lamps.map((l) => ({ ...l, support: p.uid })));
    const modules = lamps.map((l, j) => ({
      mac: moduleMac(network, moduleIndex++),
      phase: ((j % 3) + 1) as Phase,
      luminaire: distinct(luminaires, l.uid),
      support: l.support,
      watts: l.watts,
      ...(l.model && { model: l.model }),
    }));
    cabinets.push({
      uid,
      group: g,
      ...centre(ps),
      controller: { uid: `${uid}-C`, mac: controllerMac(network, i), imei: imei(network, i) },
      meter: { serial: meterSerial(network, i) },
      modules,
    });
    for (const p of ps) {
      const { uid: pole, street } = p;
      const lamps = modules.filter((m) => m.support === pole).map((m) => m.luminaire);
      supports.push({
        uid: pole,
        street,
        lon: roundCoordinate(p.lon),
        lat: roundCoordinate(p.lat),
        cabinet: uid,
        lamps,
      });
    }
  }
  return { name, network, ...centre(supports), supports, cabinets };
}

/** An inventory's own ids can repeat; the model's never do. */
function distinct(seen: Set<string>, id: string): string {
  let out = id;
  for (let n = 2; seen.has(out); n++) out = `${id}#${n}`;
  seen.add(out);
  return out;
}

/** Cuts a group into the fewest cabinets of at most `max` lamps, balanced by lamp count. */
function split(poles: Pole[], max: number): Pole[][] {
  const total = poles.reduce((n, p) => n + p.lamps.length, 0);
  const k = Math.max(1, Math.ceil(total / max));
  const out: Pole[][] = Array.from({ length: k }, () => []);
  let before = 0;
  for (const p of poles) {
    out[Math.min(k - 1, Math.floor((before * k) / Math.max(1, total)))]!.push(p);
    before += p.lamps.length;
  }
  return out.filter((c) => c.length > 0);
}

function centre(points: { lon: number; lat: number }[]) {
  const n = Math.max(1, points.length);
  const lon = points.reduce((s, p) => s + p.lon, 0) / n;
  const lat = points.reduce((s, p) => s + p.lat, 0) / n;
  return { lon: roundCoordinate(lon), lat: roundCoordinate(lat) };
}
