import { defineEntity } from '../entity.ts';
import { DEFAULT_TWILIGHT_METHOD, PROFILE_KINDS, TWILIGHT_METHODS } from '../status.ts';
import { int, object, oneOf, ref, text, time } from '../fields.ts';

const pwm = () => int({ min: 0, max: 100 });

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
  // twilight profile type 0..5; above 100 a speed variant (value - 128)
  twil: int({ min: 0, max: 133 }),
});

export const Profiles = defineEntity({
  name: 'Profiles',
  label: { 'en-us': 'Dimming profiles', ru: 'Профили диммирования' },
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
});
