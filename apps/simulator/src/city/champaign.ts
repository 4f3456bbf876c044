import { countBy, point, str, type GeoFeature, type Pole } from './pole.ts';

const DEFAULT_WATTS = 100;

export function champaignPoles(features: GeoFeature[]): Pole[] {
  // FACILITYID is missing on 301 poles and repeated on others; OBJECTID is unique
  const seen = countBy(features, (f) => [str(f.properties!.FACILITYID)]);
  return features.map((f) => {
    const p = f.properties!;
    const facility = str(p.FACILITYID);
    const uid = facility && seen.get(facility) === 1 ? facility : `OBJ${p.OBJECTID}`;
    const circuit = str(p.Controller_ID);
    return {
      uid,
      ...point(f),
      group: circuit ?? 'no circuit',
      groupCode: circuit?.replace(/\W/g, '') ?? 'NC',
      lamps: wattages(str(p.Lamp_Wattage)).map((watts, i) => ({ uid: `${uid}-L${i + 1}`, watts })),
    };
  });
}

/** "250/85" is two lamps on one pole; "286(LED)" reads as 286; an empty entry is one lamp of unknown size. */
function wattages(text: string | undefined): number[] {
  if (!text) return [DEFAULT_WATTS];
  return text.split('/').map((part) => Number.parseInt(part, 10) || DEFAULT_WATTS);
}
