import type { MapFilter } from './marker-look.ts';

/** The device tiles' address template: the version moves when the devices or their statuses do. */
export function tileUrl(filter: MapFilter, version: string): string {
  return `${location.origin}/api/v2/map/tiles/{z}/{x}/{y}.pbf?filter=${filter}&v=${version}`;
}
