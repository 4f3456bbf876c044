import { defineEntity } from '../entity.ts';
import { isArea } from '../district-area.ts';
import { json, ref, text } from '../fields.ts';

export const Districts = defineEntity({
  name: 'Districts',
  label: { 'en-us': 'Districts', ru: 'Районы' },
  labelOne: { 'en-us': 'District', ru: 'Район' },
  aliases: ['districts'],
  area: 'Cities',
  fields: {
    name: text({ required: true, search: true, list: true, max: 200 }),
    // the city's own number or code of the district
    code: text({ search: true, list: true, max: 32 }),
    city: ref('Cities', { required: true, list: true }),
    // GeoJSON Polygon or MultiPolygon, WGS84 lon/lat
    boundary: json({ required: true }),
  },
  uniqueTogether: [['city', 'name']],
  check: (d) => (isArea(d.boundary) ? undefined : { code: 'IsInvalidError', fields: ['boundary'] }),
});
