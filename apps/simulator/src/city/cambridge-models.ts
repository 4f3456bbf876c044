/**
 * The demo city's lamp models, by the inventory's head type (`Description`) and, for cobraheads, its LED fixture code
 * (`FixtureType`: A1 120, A2 80, A3 40 LEDs). The inventory has no wattage: every power here is an estimate, and
 * inventories/README.md ("Lamp models and their power") gives the basis and sources of each.
 */
export type CambridgeModel = {
  code: string;
  name: string;
  watts: number;
  /** cobraheads: Cree LEDway (volt.org's review of the city's retrofit); the others' maker is not known */
  vendor: 'cree' | 'unknown';
  basis: string;
};

// The city's 4,900 cobraheads became Cree LEDway fixtures "in 66-191 watt configurations" (volt.org, 2015): the
// largest and smallest LED counts are taken as the range's ends, and 80 LEDs as the line between them.
const CREE_BASIS =
  'Estimate: Cree LEDway, 66-191 W for 40-120 LEDs (volt.org, Cambridge LED retrofit review, 2015). / ' +
  'Оценка: Cree LEDway, 66-191 Вт для 40-120 светодиодов (volt.org, обзор замены в Кембридже, 2015).';
// No source names the decorative heads' power: they take the cited range's smallest configuration, an assumption.
const ASSUMED_BASIS =
  'Assumption: no source gives this head’s power; taken as the smallest cobrahead configuration, 66 W. / ' +
  'Допущение: мощность этой головки нигде не указана; принята равной самой малой кобре, 66 Вт.';

const cobra = (fixture: string, leds: number, watts: number): CambridgeModel => ({
  code: `CAM-COBRA-${fixture}`,
  name: `Cobrahead ${fixture} · ${leds} LED`,
  watts,
  vendor: 'cree',
  basis: CREE_BASIS,
});
const head = (code: string, name: string): CambridgeModel => ({
  code: `CAM-${code}`,
  name,
  watts: 66,
  vendor: 'unknown',
  basis: ASSUMED_BASIS,
});

export const CAMBRIDGE_MODELS = {
  A1: cobra('A1', 120, 191),
  A2: cobra('A2', 80, 128),
  A3: cobra('A3', 40, 66),
  '1907': head('1907', '“1907” post top'),
  Acorn: head('ACORN', 'Acorn'),
  Selux: head('SELUX', 'Selux'),
  Shoebox: head('SHOEBOX', 'Shoebox'),
  other: head('OTHER', 'Other or unrecorded head'),
} as const satisfies Record<string, CambridgeModel>;

/**
 * A pole's model: a cobrahead's by its fixture code's first two characters ("A3F" is an A3, "A2 / A3" the first named),
 * any other head by its type.
 */
export function cambridgeModel(description?: string, fixtureType?: string): CambridgeModel {
  const models: Record<string, CambridgeModel> = CAMBRIDGE_MODELS;
  if (description === 'Cobrahead') return models[fixtureType?.slice(0, 2) ?? ''] ?? CAMBRIDGE_MODELS.other;
  const key = description?.replace(/`$/, '').trim();
  return (key && key !== 'A1' && key !== 'A2' && key !== 'A3' && models[key]) || CAMBRIDGE_MODELS.other;
}
