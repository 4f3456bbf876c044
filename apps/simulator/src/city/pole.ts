/** A lamp post as an inventory describes it, before it is wired to a cabinet. */
export type Pole = {
  uid: string;
  street?: string;
  lon: number;
  lat: number;
  /** neighbourhood or circuit (a cabinet never spans two), and its short code for cabinet names */
  group: string;
  groupCode: string;
  /** `model`: the code of the lamp model it is, where the inventory tells */
  lamps: { uid: string; watts: number; model?: string }[];
};

export type GeoFeature = {
  geometry: { type: string; coordinates: number[] } | null;
  properties: Record<string, unknown> | null;
};

export const point = (f: GeoFeature) => ({
  lon: f.geometry!.coordinates[0]!,
  lat: f.geometry!.coordinates[1]!,
});
export const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

export function countBy<T>(items: readonly T[], key: (t: T) => (string | undefined)[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) for (const k of key(item)) if (k) counts.set(k, (counts.get(k) ?? 0) + 1);
  return counts;
}
