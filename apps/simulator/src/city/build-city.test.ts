import { beforeAll, describe, expect, it } from 'vitest';
import { deviceMac } from '@sl/protocol';
import { buildCity, loadCity, type City } from './build-city.ts';
import { readPoles } from './inventory.ts';
import type { Pole } from './pole.ts';

const modulesOf = (c: City) => c.cabinets.flatMap((x) => x.modules);

describe('Cambridge from its real inventory', () => {
  let poles: Pole[];
  let city: City;
  beforeAll(async () => {
    poles = await readPoles('cambridge');
    city = buildCity('cambridge', 'CAM', poles, { network: 1 });
  });

  it('has every pole and one module per lamp, NumLamps respected', () => {
    expect(city.supports).toHaveLength(6117);
    // 5825 one-lamp poles, 185 with two, one with three, 4 with four, 98 without NumLamps (one), 4 with none
    expect(modulesOf(city)).toHaveLength(6312);
    expect(city.supports.find((s) => s.uid === '113-143')?.lamps).toEqual(['113-143A', '113-143B']);
    expect(city.supports.find((s) => s.uid === '48-16A')?.lamps).toEqual([]);
    expect(new Set(modulesOf(city).map((m) => m.luminaire)).size).toBe(6312);
  });

  it('cuts neighbourhoods into cabinets of at most 150 lamps, modules on phases 1..3', () => {
    expect(city.cabinets).toHaveLength(47);
    const groupOf = new Map(poles.map((p) => [p.uid, p.group]));
    for (const c of city.cabinets) {
      expect(c.modules.length).toBeLessThanOrEqual(150);
      expect(new Set(c.modules.map((m) => m.phase))).toEqual(new Set([1, 2, 3]));
      const supports = city.supports.filter((s) => s.cabinet === c.uid);
      expect(new Set(supports.map((s) => groupOf.get(s.uid)))).toEqual(new Set([c.group]));
    }
    expect(modulesOf(city).every((m) => [1, 2, 3].includes(m.phase))).toBe(true);
    expect(new Set(city.cabinets.map((c) => c.group)).size).toBe(15);
  });

  it('names every device deterministically and uniquely', () => {
    const again = buildCity('cambridge', 'CAM', [...poles].reverse(), { network: 1 });
    expect(again).toEqual(city);
    const macs = [...city.cabinets.map((c) => c.controller.mac), ...modulesOf(city).map((m) => m.mac)];
    expect(new Set(macs).size).toBe(macs.length);
    expect(macs.every((m) => deviceMac.safeParse(m).data === m)).toBe(true);
    expect(city.cabinets[0]).toMatchObject({
      uid: 'CAM-N0-1',
      controller: { mac: '024300010000', imei: '350000010000004' },
      meter: { serial: 'M000100001' },
    });
    expect(modulesOf(city)[0]!.mac).toBe('024D000100000000');
    expect(new Set(city.cabinets.map((c) => c.meter.serial)).size).toBe(47);
    expect(city.cabinets.every((c) => /^\d{15}$/.test(c.controller.imei))).toBe(true);
  });

  it('gives each lamp the model of its head and fixture code, with that model’s estimated power', () => {
    const count = new Map<string, number>();
    for (const m of modulesOf(city))
      count.set(`${m.model} ${m.watts}`, (count.get(`${m.model} ${m.watts}`) ?? 0) + 1);
    expect(Object.fromEntries(count)).toEqual({
      'CAM-COBRA-A1 191': 278,
      'CAM-COBRA-A2 128': 1952,
      'CAM-COBRA-A3 66': 2638,
      'CAM-1907 66': 560,
      'CAM-ACORN 66': 420,
      'CAM-SELUX 66': 142,
      'CAM-SHOEBOX 66': 81,
      'CAM-OTHER 66': 241,
    });
  });

  it('keeps only the first N cabinets, and another network gives other MACs', () => {
    const small = buildCity('cambridge', 'CAM', poles, { network: 0xbeef, controllers: 2 });
    expect(small.cabinets.map((c) => c.uid)).toEqual(city.cabinets.slice(0, 2).map((c) => c.uid));
    expect(small.supports.every((s) => small.cabinets.some((c) => c.uid === s.cabinet))).toBe(true);
    expect(small.cabinets[1]!.controller.mac).toBe('0243BEEF0001');
  });
});

describe('loadCity', () => {
  it('keeps the city’s own network when the option is given as undefined (the CLI without --network)', async () => {
    const seeded = await loadCity('cambridge', { controllers: 2 });
    const fromCli = await loadCity('cambridge', { controllers: 2, network: undefined });
    expect(fromCli.cabinets.map((c) => c.controller.mac)).toEqual(
      seeded.cabinets.map((c) => c.controller.mac),
    );
    expect(fromCli.network).toBe(1);
  });
});
