import { defineEntity } from '../entity.ts';
import { DEFAULT_TWILIGHT_METHOD, PROFILE_KINDS, TWILIGHT_METHODS } from '../status.ts';
import { int, object, oneOf, oneOfInt, ref, text, time } from '../fields.ts';
import { TWILIGHT_CODES } from '../astro/twilight-methods.ts';
import type { ProfileProgram } from '../lighting/profile-night.ts';
import { profileProblems } from '../lighting/profile-rules.ts';

const pwm = () => int({ min: 0, max: 100, show: { unit: 'percent' } });

export const profileSettings = object({
  time1: time(),
  time2: time(),
  time3: time(),
  time4: time(),
  pwm0: pwm(),
  pwm1: pwm(),
  pwm2: pwm(),
  pwm3: pwm(),
  pwm4: pwm(),
  // spec §4 twilight code: a method 0..5, or its speed variant 128..133
  twil: oneOfInt(TWILIGHT_CODES, { show: { rule: 'twilight' } }),
});

export const Profiles = defineEntity({
  name: 'Profiles',
  label: { 'en-us': 'Dimming profiles', ru: 'Профили диммирования' },
  labelOne: { 'en-us': 'Dimming profile', ru: 'Профиль диммирования' },
  aliases: ['profiles'],
  area: 'Profiles',
  groupField: 'group',
  fields: {
    name: text({ required: true, search: true, list: true }),
    kind: oneOf(PROFILE_KINDS, { default: 'symmetrical', list: true }),
    groupControl: ref('GroupControl', { list: true }),
    group: ref('Groups'),
    country: text(),
    city: ref('Cities'),
    profileId: int({ min: 0, max: 65535 }),
    twilightMethod: oneOf(TWILIGHT_METHODS, { default: DEFAULT_TWILIGHT_METHOD, list: true }),
    settings: profileSettings,
  },
  // a kind's times must stand in the order it reads them (README, profile kinds)
  check: (p) => {
    const problems = profileProblems(p as unknown as ProfileProgram);
    return problems.length ? { code: 'IsInvalidError', fields: problems.map((x) => x.field) } : undefined;
  },
});
