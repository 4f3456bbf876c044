import { describe, expect, it } from 'vitest';
import { AREAS } from './access.ts';
import { ENTITIES, walkRefs } from './registry.ts';

describe('registry', () => {
  const names = new Set(ENTITIES.map((e) => e.name));

  it('declares every entity of spec §3 once', () => {
    const spec = [
      'Groups',
      'Cities',
      'Users',
      'Roles',
      'LuminarySupports',
      'Luminaries',
      'LuminaryModels',
      'LuminaryModules',
      'Controllers',
      'Cabinets',
      'Meters',
      'MeterModels',
      'MetersAverageData',
      'GroupControl',
      'Profiles',
      'Categories',
      'CalendarProfiles',
      'ControllerSchedule',
      'Types',
      'LuminarySupportTypes',
      'LuminarySupportOwners',
      'LuminarySupportCategories',
      'Politics',
      'ImportantEvents',
      'Vendors',
    ];
    // ours beside spec §3: areas inside a city (issue 15), maintenance (issue 32)
    const ours = [
      'Districts',
      'FaultKinds',
      'Crews',
      'WorkOrders',
      'WorkOrderRules',
      'PartReplacements',
      'Open311Clients',
      'ServiceRequests',
    ];
    expect([...names].sort()).toEqual([...spec, ...ours].sort());
    expect(names.size).toBe(ENTITIES.length);
  });

  it('links only to declared entities', () => {
    for (const e of ENTITIES)
      for (const [field, f] of Object.entries(e.fields))
        walkRefs(f, [field], (path, target) =>
          expect(names.has(target), `${e.name}.${path.join('.')}`).toBe(true),
        );
  });

  it('scopes by a group field that links to Groups, and uses access areas of spec §6', () => {
    for (const e of ENTITIES) {
      expect(AREAS).toContain(e.area);
      if (!e.groupField) continue;
      expect(e.fields[e.groupField]).toMatchObject({ kind: 'ref', entity: 'Groups' });
    }
  });

  it('gives every entity distinct search paths, labels in both languages and list columns that exist', () => {
    const paths = ENTITIES.flatMap((e) => [...new Set([...(e.aliases ?? []), e.name.toLowerCase()])]);
    expect(new Set(paths).size).toBe(paths.length);
    for (const e of ENTITIES) {
      expect(e.label['en-us'] && e.label.ru).toBeTruthy();
      for (const c of e.listColumns) expect(e.fields[c], `${e.name}.${c}`).toBeDefined();
      for (const c of e.searchFields) expect(e.fields[c]).toBeDefined();
    }
  });

  it('keeps the defaults spec §3 names', () => {
    const by = (n: string) => ENTITIES.find((e) => e.name === n)!;
    expect(by('LuminarySupports').fields.socketCount!.default).toBe(1);
    expect(by('Users').fields.type!.default).toBe('NORMAL');
    expect(by('Profiles').fields.twilightMethod!.default).toBe('MID');
    expect(by('Controllers').fields.sequence!.default).toEqual([...Array(16).keys()]);
  });
});
