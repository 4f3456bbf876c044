import { http } from '../../providers/http.ts';

// The lighting calls the console's charts and the group control screen ask (see the API document).

export type LevelPoint = { at: string; level: number };
export type Method = 'BORDERS' | 'SIMPLE' | 'MID' | 'CIVIL' | 'NAUTICAL' | 'END';
export type CityPlace = { _id: number; lat: number; lon: number; timezone: string };

/** A profile's night (GET /api/v2/profiles/:id/night, POST /api/v2/profiles/night). */
export type Night = {
  kind: string;
  method: Method;
  speed: boolean;
  fallback?: Method;
  burn: 'night' | 'all' | 'none';
  on: string | null;
  off: string | null;
  sunset?: string | null;
  sunrise?: string | null;
  city: CityPlace;
  points: LevelPoint[];
};

/** The program fields of a profile, as its form holds them. */
export type ProfileDraft = {
  kind: string;
  twilightMethod?: string | null;
  settings?: Record<string, unknown> | null;
};

export type YearDay = {
  date: string;
  burn: Night['burn'];
  on: string | null;
  off: string | null;
  onLocal: string | null;
  offLocal: string | null;
  burnMinutes: number;
  fullMinutes: number;
};
export type ProfileYear = {
  year: number;
  city: CityPlace;
  days: YearDay[];
  months: { month: number; burnHours: number; fullHours: number }[];
};

export type GroupLamps = {
  count: number;
  withoutController: number;
  city: number | null;
  lamps: { _id: number; mac: string; support: { _id: number; uid: string } | null }[];
};

/** The answer of a group dim (GET /api/v1/control/lighting?by=group). */
export type GroupDim = {
  code: number;
  msg: string;
  counts?: {
    controllers: number;
    modules: number;
    withoutController: number;
    acknowledged: number;
    failed: number;
    timedOut: number;
  };
};

type Answer<T> = { result: T };

export const savedNight = async (profile: number, date: string, city?: number) =>
  (
    await http<Answer<Night>>(
      'GET',
      `/api/v2/profiles/${profile}/night?date=${date}${city ? `&city=${city}` : ''}`,
    )
  ).result;

export const draftNight = async (draft: ProfileDraft, date: string, city: number) =>
  (await http<Answer<Night>>('POST', '/api/v2/profiles/night', { ...draft, date, city })).result;

export const profileYear = async (profile: number, year: number, city?: number) =>
  (
    await http<Answer<ProfileYear>>(
      'GET',
      `/api/v2/profiles/${profile}/year?year=${year}${city ? `&city=${city}` : ''}`,
    )
  ).result;

export const groupLamps = async (groupControl: number) =>
  (await http<Answer<GroupLamps>>('GET', `/api/v2/group-controls/${groupControl}/lamps`)).result;

export const dimGroup = (groupControl: number, pwm: number) =>
  http<GroupDim>('GET', `/api/v1/control/lighting?by=group&group=${groupControl}&raw=${pwm}`);
