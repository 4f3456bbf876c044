import { countBy, point, str, type GeoFeature, type Pole } from './pole.ts';

// The inventory has no wattage; FixtureType counts LEDs per lamp (A1 120, A2 80, A3 40), so this is an estimate.
const WATTS: Record<string, number> = { A1: 100, A2: 70, A3: 35 };
const DEFAULT_WATTS = 70;

export function cambridgePoles(features: GeoFeature[]): Pole[] {
  // some Lamp1/Lamp2 values are repeated across poles ("724-M?"); those lamps are named after their pole instead
  const seen = countBy(features, (f) => [str(f.properties!.Lamp1), str(f.properties!.Lamp2)]);
  const unique = (id: string | undefined) => (id && seen.get(id) === 1 ? id : undefined);
  return features.map((f) => {
    const p = f.properties!;
    const uid = String(p.PoleID);
    const watts = WATTS[str(p.FixtureType)?.slice(0, 2) ?? ''] ?? DEFAULT_WATTS;
    const hood = typeof p.Neighborhood === 'number' ? p.Neighborhood : undefined;
    const n = typeof p.NumLamps === 'number' ? p.NumLamps : 1;
    return {
      uid,
      street: [str(p.StreetName), str(p.StreetSuffix)].filter(Boolean).join(' ') || str(p.Intersection),
      ...point(f),
      group: hood === undefined ? 'Neighborhood unknown' : `Neighborhood ${hood}`,
      groupCode: hood === undefined ? 'NX' : `N${hood}`,
      lamps: lampIds(uid, n, unique(str(p.Lamp1)), unique(str(p.Lamp2))).map((id) => ({ uid: id, watts })),
    };
  });
}

/** Lamp1/Lamp2 where given ("113-143A", "113-143B"); other lamps are named after the pole and their place. */
function lampIds(pole: string, n: number, lamp1?: string, lamp2?: string): string[] {
  if (n <= 0) return [];
  if (n === 1) return [lamp1 ?? pole];
  return Array.from({ length: n }, (_, i) => [lamp1, lamp2][i] ?? `${pole}${'ABCDEFGH'[i] ?? `-${i + 1}`}`);
}
