import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DATA_LICENCES_RU } from './data-licences-ru.ts';
import { dataLicences, packageLicence } from './licence-sources.ts';

describe('licence sources', () => {
  it('reads the licence of a package in its old and new spellings', () => {
    expect(packageLicence({ name: 'a', version: '1.0.0', license: 'MIT' })?.license).toBe('MIT');
    expect(packageLicence({ name: 'b', version: '1.0.0', license: { type: 'ISC' } })?.license).toBe('ISC');
    expect(
      packageLicence({ name: 'c', version: '1.0.0', licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }] })
        ?.license,
    ).toBe('MIT OR Apache-2.0');
    expect(packageLicence({ name: 'd', version: '1.0.0' })?.license).toBe('UNKNOWN');
    expect(packageLicence({ version: '1.0.0' })).toBeUndefined();
  });

  it('reads every data file of the inventories README with its licence', () => {
    const readme = readFileSync(new URL('../../../../../inventories/README.md', import.meta.url), 'utf8');
    const data = dataLicences(readme);
    expect(data.map((d) => d.file)).toEqual([
      'cambridge_ma_street_lights.geojson',
      'roads.topojson',
      'neighborhoods.geojson',
      'city-boundary.geojson',
    ]);
    expect(data[1]!.licence).toContain('PDDL 1.0');
    expect(data[0]!.licence).toContain('PDDL 1.0');
    expect(data[1]!.licence).not.toContain('\n');
    expect(data[0]!.licence).not.toMatch(/[`*]/);
  });

  it('has every bundled data file in Russian too', () => {
    const readme = readFileSync(new URL('../../../../../inventories/README.md', import.meta.url), 'utf8');
    const missing = dataLicences(readme).filter((d) => !DATA_LICENCES_RU[d.file]);
    expect(missing.map((d) => d.file)).toEqual([]);
  });
});
