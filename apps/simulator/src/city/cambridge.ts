import { cambridgeModel } from './cambridge-models.ts';
import { countBy, point, str, type GeoFeature, type Pole } from './pole.ts';

export function cambridgePoles(features: GeoFeature[]): Pole[] {
  // some Lamp1/Lamp2 values are repeated across poles ("724-M?"); those lamps are named after their pole instead
  const seen = countBy(features, (f) => [str(f.properties!.Lamp1), str(f.properties!.Lamp2)]);
  const unique = (id: string | undefined) => (id && seen.get(id) === 1 ? id : undefined);
  return features.map((f) => {
    const p = f.properties!;
    const uid = String(p.PoleID);
    // the inventory has no wattage: the model's is an estimate (cambridge-models.ts)
    const model = cambridgeModel(str(p.Description), str(p.FixtureType));
    const hood = typeof p.Neighborhood === 'number' ? p.Neighborhood : undefined;
    const n = typeof p.NumLamps === 'number' ? p.NumLamps : 1;
    return {
      uid,
      street: [str(p.StreetName), str(p.StreetSuffix)].filter(Boolean).join(' ') || str(p.Intersection),
      ...point(f),
      group: hood === undefined ? 'Neighborhood unknown' : `Neighborhood ${hood}`,
      groupCode: hood === undefined ? 'NX' : `N${hood}`,
      lamps: lampIds(uid, n, unique(str(p.Lamp1)), unique(str(p.Lamp2))).map((id) => ({
        uid: id,
        watts: model.watts,
        model: model.code,
      })),
    };
  });
}

/** Lamp1/Lamp2 where given ("113-143A", "113-143B"); other lamps are named after the pole and their place. */
function lampIds(pole: string, n: number, lamp1?: string, lamp2?: string): string[] {
  if (n <= 0) return [];
  if (n === 1) return [lamp1 ?? pole];
  return Array.from({ length: n }, (_, i) => [lamp1, lamp2][i] ?? `${pole}${'ABCDEFGH'[i] ?? `-${i + 1}`}`);
}
