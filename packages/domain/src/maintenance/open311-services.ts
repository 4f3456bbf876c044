import type { EventType } from '../status.ts';
import type { Language } from '../errors.ts';

// What citizens can report over Open311 GeoReport v2 (issue 32): the street lights' services, each with the event
// type whose fault kind measures the work order it leads to.

export type Open311Service = {
  code: string;
  name: Record<Language, string>;
  description: Record<Language, string>;
  keywords: string;
  eventType: EventType | null;
};

export const OPEN311_SERVICES = [
  {
    code: 'streetlight_out',
    name: { 'en-us': 'Street light out', ru: 'Не горит фонарь' },
    description: {
      'en-us': 'A street light that stays dark at night. Give the pole number if you can see it.',
      ru: 'Фонарь не горит ночью. Укажите номер опоры, если он виден.',
    },
    keywords: 'street light, lamp, dark, outage',
    eventType: 'LAMP_OUT_AT_NIGHT',
  },
  {
    code: 'streetlight_day_burning',
    name: { 'en-us': 'Street light on by day', ru: 'Фонарь горит днём' },
    description: {
      'en-us': 'A street light that burns in daylight.',
      ru: 'Фонарь горит в светлое время суток.',
    },
    keywords: 'street light, lamp, daytime, waste',
    eventType: 'DAY_BURNING',
  },
  {
    code: 'streetlight_damaged',
    name: { 'en-us': 'Street light pole damaged', ru: 'Опора освещения повреждена' },
    description: {
      'en-us': 'A leaning, knocked-down or open street light pole, or exposed wiring.',
      ru: 'Наклонённая, сбитая или открытая опора освещения, оголённые провода.',
    },
    keywords: 'pole, damage, knocked down, wiring',
    eventType: null,
  },
] as const satisfies readonly Open311Service[];

export const OPEN311_SERVICE_CODES = OPEN311_SERVICES.map((s) => s.code);

/** The one attribute of every service (its service definition): the number written on the pole. */
export const OPEN311_POLE_ATTRIBUTE = 'pole_id';

/** How far a report's position may be from a mounting to be matched to it (issue 32: 30 m). */
export const OPEN311_MATCH_METRES = 30;

export const OPEN311_REQUEST_STATUSES = ['open', 'closed'] as const;
