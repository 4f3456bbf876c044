import { DAY_TYPES } from '../status.ts';

/**
 * Which profile a lamp follows on a date, and why (spec §3 Politics, §4 day types; issue 11). One pure function,
 * used by the compiler that feeds the field and by the "what and why" answer. The first of these that names a
 * profile wins:
 * 1. the date's category in the lamp's group (Categories: the operator's exception for that date, e.g. a holiday
 *    lit all night); a category that sets only `twil` keeps the profile chosen below and changes its method;
 * 2. the lamp's own profile (its module's `profileId`, else its socket's `groupProfile`): assigned by hand;
 * 3. the profile of the socket's group control (the Profile whose `groupControl` is that group);
 * 4. politics, the more specific first: one naming the lamp's city before one that names no city, then by id; a
 *    politic naming other cities only does not apply. Within a politic its rules in order: the first rule all of
 *    whose conditions hold (an empty condition holds for every lamp); else the politic's own profile. A politic
 *    with no matching rule and no profile of its own passes to the next;
 * 5. nothing: the lamp burns from dusk to dawn at full power on the default method (`source: 'none'`).
 */
export type DayType = (typeof DAY_TYPES)[number];
type Id = number | null | undefined;

/** What a lamp is, as the rules' conditions ask about it. */
export type LampFacts = {
  city?: Id;
  luminaryModel?: Id;
  roadClass?: Id;
  supportCategory?: Id;
  supportType?: Id;
  groupControl?: Id;
  ownProfile?: Id;
};

export type RuleConditions = Partial<{
  luminaryModels: number[];
  roadClasses: number[];
  supportCategories: number[];
  supportTypes: number[];
  dateTypes: string[];
  supportGroups: number[];
}>;
export type PoliticRule = { conditions?: RuleConditions | null; profile?: Id };
export type Politic = {
  id: number;
  name?: string;
  cities?: number[] | null;
  profile?: Id;
  rules?: PoliticRule[] | null;
};
export type DayCategory = { profile?: Id; twil?: number | null };

export type ProgramSource = 'category' | 'own' | 'groupControl' | 'rule' | 'politic' | 'none';
export type ProgramChoice = {
  source: ProgramSource;
  profile: number | null;
  dayType: DayType;
  /** the politic that chose, and the index of its rule (source 'rule') */
  politic?: { id: number; name?: string };
  rule?: number;
  /** a category's twilight code that replaces the profile's own on this date */
  twil?: number;
};

export type ChoiceContext = {
  dayType: DayType;
  category?: DayCategory | null;
  /** group control id → the profile tied to it */
  groupControlProfiles: ReadonlyMap<number, number>;
  /** in the order they are tried: see orderPolitics */
  politics: readonly Politic[];
};

export function chooseProgram(lamp: LampFacts, ctx: ChoiceContext): ProgramChoice {
  const twil = ctx.category?.twil ?? undefined;
  const chosen = (c: Omit<ProgramChoice, 'dayType' | 'twil'>): ProgramChoice => ({
    ...c,
    dayType: ctx.dayType,
    ...(twil === undefined ? {} : { twil }),
  });
  if (ctx.category?.profile != null) return chosen({ source: 'category', profile: ctx.category.profile });
  if (lamp.ownProfile != null) return chosen({ source: 'own', profile: lamp.ownProfile });
  const byGroup = lamp.groupControl == null ? undefined : ctx.groupControlProfiles.get(lamp.groupControl);
  if (byGroup !== undefined) return chosen({ source: 'groupControl', profile: byGroup });
  for (const politic of ctx.politics) {
    if (politic.cities?.length && (lamp.city == null || !politic.cities.includes(lamp.city))) continue;
    const who = { id: politic.id, ...(politic.name === undefined ? {} : { name: politic.name }) };
    const rules = politic.rules ?? [];
    for (let i = 0; i < rules.length; i++) {
      const rule = rules[i]!;
      if (rule.profile != null && ruleHolds(rule.conditions, lamp, ctx.dayType))
        return chosen({ source: 'rule', profile: rule.profile, politic: who, rule: i });
    }
    if (politic.profile != null) return chosen({ source: 'politic', profile: politic.profile, politic: who });
  }
  return chosen({ source: 'none', profile: null });
}

/** Politics in the order chooseProgram tries them: those naming cities first, then by id. */
export function orderPolitics<P extends Politic>(politics: readonly P[]): P[] {
  return [...politics].sort((a, b) => Number(!a.cities?.length) - Number(!b.cities?.length) || a.id - b.id);
}

function ruleHolds(c: RuleConditions | null | undefined, lamp: LampFacts, dayType: DayType): boolean {
  if (!c) return true;
  return (
    among(c.luminaryModels, lamp.luminaryModel) &&
    among(c.roadClasses, lamp.roadClass) &&
    among(c.supportCategories, lamp.supportCategory) &&
    among(c.supportTypes, lamp.supportType) &&
    among(c.supportGroups, lamp.groupControl) &&
    (!c.dateTypes?.length || c.dateTypes.includes(dayType))
  );
}

const among = (allowed: number[] | undefined, value: Id) =>
  !allowed?.length || (value != null && allowed.includes(value));

/** ISO weekdays (1 = Monday … 7 = Sunday) of the weekend in a region (ISO 3166 code), by its locale data. */
export function weekendOf(region?: string): number[] {
  if (region) {
    try {
      const info = (new Intl.Locale(`und-${region}`) as Intl.Locale & { weekInfo?: { weekend: number[] } })
        .weekInfo;
      if (info?.weekend?.length) return info.weekend;
    } catch {
      // an unknown region keeps the common weekend
    }
  }
  return [6, 7];
}

/**
 * The day type of a local calendar day: the calendar's entry for it in the group, else 'weekend' on the region's
 * weekend days, else 'workday'.
 */
export function dayTypeOf(
  day: string,
  calendar: ReadonlyMap<string, string>,
  weekend: readonly number[],
): DayType {
  const marked = calendar.get(day);
  if (marked && (DAY_TYPES as readonly string[]).includes(marked)) return marked as DayType;
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay() || 7;
  return weekend.includes(weekday) ? 'weekend' : 'workday';
}
