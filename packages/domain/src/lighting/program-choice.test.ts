import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_TYPES } from '../status.ts';
import {
  chooseProgram,
  dayTypeOf,
  orderPolitics,
  weekendOf,
  type ChoiceContext,
  type LampFacts,
  type Politic,
  type RuleConditions,
} from './program-choice.ts';

const small = fc.integer({ min: 1, max: 4 });
const maybe = (a: fc.Arbitrary<number>) => fc.option(a, { nil: undefined });
const lampArb: fc.Arbitrary<LampFacts> = fc.record({
  city: maybe(small),
  luminaryModel: maybe(small),
  roadClass: maybe(small),
  supportCategory: maybe(small),
  supportType: maybe(small),
  groupControl: maybe(small),
  ownProfile: fc.option(small, { nil: undefined, freq: 8 }),
});
const ids = fc.array(small, { maxLength: 2 });
const conditionsArb: fc.Arbitrary<RuleConditions> = fc.record(
  {
    luminaryModels: ids,
    roadClasses: ids,
    supportCategories: ids,
    supportTypes: ids,
    supportGroups: ids,
    dateTypes: fc.array(fc.constantFrom(...DAY_TYPES), { maxLength: 2 }),
  },
  { requiredKeys: [] },
);
const politicsArb = fc
  .array(
    fc.record({
      cities: fc.array(small, { maxLength: 2 }),
      profile: fc.option(fc.integer({ min: 10, max: 19 }), { nil: undefined }),
      rules: fc.array(fc.record({ conditions: conditionsArb, profile: fc.integer({ min: 20, max: 99 }) }), {
        maxLength: 5,
      }),
    }),
    { maxLength: 4 },
  )
  .map((ps) => ps.map((p, i): Politic => ({ ...p, id: i + 1 })));
const contextArb: fc.Arbitrary<ChoiceContext> = fc.record({
  dayType: fc.constantFrom(...DAY_TYPES),
  category: fc.option(
    fc.record({ profile: maybe(fc.integer({ min: 100, max: 101 })), twil: maybe(fc.constantFrom(2, 131)) }),
    { nil: undefined, freq: 5 },
  ),
  groupControlProfiles: fc
    .array(fc.tuple(small, fc.integer({ min: 200, max: 203 })), { maxLength: 2 })
    .map((e) => new Map(e)),
  politics: politicsArb.map(orderPolitics),
});

describe('the program a lamp follows', () => {
  it('is exactly one, from a named source, and one that exists', () => {
    fc.assert(
      fc.property(lampArb, contextArb, (lamp, ctx) => {
        const c = chooseProgram(lamp, ctx);
        expect(c.dayType).toBe(ctx.dayType);
        if (c.source === 'none') expect(c.profile).toBeNull();
        else expect(c.profile).toBeTypeOf('number');
        if (c.source === 'rule') {
          const politic = ctx.politics.find((p) => p.id === c.politic!.id)!;
          expect(politic.rules![c.rule!]!.profile).toBe(c.profile);
        }
        // the same question twice gets the same answer
        expect(chooseProgram(lamp, ctx)).toEqual(c);
      }),
      { numRuns: 3000 },
    );
  });

  it('moves, when a rule is added at the front of a politic, exactly the lamps it matches that the politic chose', () => {
    fc.assert(
      fc.property(
        fc.array(lampArb, { minLength: 1, maxLength: 30 }),
        contextArb,
        conditionsArb,
        (lamps, ctx, conditions) => {
          const plain = { ...ctx, category: undefined, groupControlProfiles: new Map() };
          const lampsOfPolitics = lamps.map((l) => ({ ...l, ownProfile: undefined }));
          if (!plain.politics.length) return;
          const target = plain.politics[0]!;
          const NEW = 7777;
          const changed = {
            ...plain,
            politics: [
              { ...target, rules: [{ conditions, profile: NEW }, ...(target.rules ?? [])] },
              ...plain.politics.slice(1),
            ],
          };
          for (const lamp of lampsOfPolitics) {
            const before = chooseProgram(lamp, plain);
            const after = chooseProgram(lamp, changed);
            const applies =
              !target.cities?.length || (lamp.city != null && target.cities.includes(lamp.city));
            const matches = applies && holds(conditions, lamp, ctx.dayType);
            if (matches) expect(after).toMatchObject({ source: 'rule', profile: NEW, rule: 0 });
            else expect(after.profile).toBe(before.profile);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('takes the date’s category first, then the lamp’s own profile, the group control, the rules, the politic, and else none', () => {
    const politics = orderPolitics<Politic>([
      { id: 2, profile: 12, rules: [] },
      { id: 1, cities: [5], profile: 11, rules: [{ conditions: { roadClasses: [3] }, profile: 31 }] },
    ]);
    const ctx: ChoiceContext = { dayType: 'workday', groupControlProfiles: new Map([[9, 90]]), politics };
    const lamp: LampFacts = { city: 5, roadClass: 3, groupControl: 9, ownProfile: 70 };
    expect(chooseProgram(lamp, { ...ctx, category: { profile: 60, twil: 131 } })).toMatchObject({
      source: 'category',
      profile: 60,
      twil: 131,
    });
    expect(chooseProgram(lamp, { ...ctx, category: { twil: 3 } })).toMatchObject({
      source: 'own',
      profile: 70,
      twil: 3,
    });
    expect(chooseProgram({ ...lamp, ownProfile: null }, ctx)).toMatchObject({
      source: 'groupControl',
      profile: 90,
    });
    const ruled = { ...lamp, ownProfile: null, groupControl: null };
    expect(chooseProgram(ruled, ctx)).toMatchObject({
      source: 'rule',
      profile: 31,
      politic: { id: 1 },
      rule: 0,
    });
    expect(chooseProgram({ ...ruled, roadClass: 4 }, ctx)).toMatchObject({ source: 'politic', profile: 11 });
    expect(chooseProgram({ ...ruled, city: 6 }, ctx)).toMatchObject({
      source: 'politic',
      profile: 12,
      politic: { id: 2 },
    });
    expect(chooseProgram({ ...ruled, city: 6 }, { ...ctx, politics: [] })).toEqual({
      source: 'none',
      profile: null,
      dayType: 'workday',
    });
  });
});

describe('a day type', () => {
  it('is the calendar’s, else the region’s weekend, else a workday', () => {
    const calendar = new Map([['2026-12-25', 'holiday']]);
    expect(dayTypeOf('2026-12-25', calendar, weekendOf('GB'))).toBe('holiday');
    expect(dayTypeOf('2026-11-28', calendar, weekendOf('RU'))).toBe('weekend'); // a Saturday
    expect(dayTypeOf('2026-11-27', calendar, weekendOf('RU'))).toBe('workday'); // a Friday
    expect(dayTypeOf('2026-11-27', calendar, weekendOf('SA'))).toBe('weekend'); // Friday in Saudi Arabia
    expect(weekendOf('??')).toEqual([6, 7]);
    expect(weekendOf()).toEqual([6, 7]);
  });
});

function holds(c: RuleConditions, lamp: LampFacts, dayType: string) {
  const among = (a: number[] | undefined, v: number | null | undefined) =>
    !a?.length || (v != null && a.includes(v));
  return (
    among(c.luminaryModels, lamp.luminaryModel) &&
    among(c.roadClasses, lamp.roadClass) &&
    among(c.supportCategories, lamp.supportCategory) &&
    among(c.supportTypes, lamp.supportType) &&
    among(c.supportGroups, lamp.groupControl) &&
    (!c.dateTypes?.length || c.dateTypes.includes(dayType))
  );
}
