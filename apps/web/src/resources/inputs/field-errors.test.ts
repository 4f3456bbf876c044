import { describe, expect, it } from 'vitest';
import { entity } from '@sl/domain';
import { fieldMessage, formErrors, inputFor, tooLong } from './field-errors.ts';

const invalid = (fields: string[]) => ({ code: 'IsInvalidError', message: 'Is invalid', fields });

describe('field errors', () => {
  it('finds the input of a server path through objects, lists and points', () => {
    const profiles = entity('Profiles').fields;
    expect(inputFor(profiles, 'settings.time1')?.path).toBe('settings.time1');
    const schedule = entity('ControllerSchedule').fields;
    expect(inputFor(schedule, 'timeData.2.off')).toMatchObject({
      path: 'timeData.2.off',
      field: { kind: 'time' },
    });
    const lamps = entity('Luminaries').fields;
    expect(inputFor(lamps, 'location.coordinates.0')?.path).toBe('location.coordinates.0');
    expect(inputFor(lamps, 'location')?.path).toBe('location.coordinates.1');
    expect(inputFor(entity('Controllers').fields, 'sequence.3')?.path).toBe('sequence');
    expect(inputFor(entity('Roles').fields, 'accessRights.Cabinets.view')?.path).toBe('accessRights');
    expect(inputFor(lamps, 'body')).toBeUndefined();
  });

  it('picks the spec §5 message that fits the field', () => {
    const lamps = entity('Luminaries');
    const msg = (e: ReturnType<typeof entity>, path: string, value?: unknown) =>
      fieldMessage(e.name, path, inputFor(e.fields, path)!.field, value);
    expect(msg(lamps, 'uid')).toBe('sl.enterUid');
    expect(msg(lamps, 'model')).toBe('sl.selectLampModel');
    expect(msg(lamps, 'maxLumen', 1.5)).toBe('sl.mustBeInteger');
    expect(msg(entity('LuminarySupports'), 'socketCount')).toBe('sl.enterMaxSockets');
    expect(msg(entity('LuminarySupports'), 'city')).toBe('sl.selectCity');
    expect(msg(entity('LuminaryModules'), 'height', 'x')).toBe('sl.mustBeFloat');
    expect(msg(entity('Users'), 'login')).toBe('sl.loginRequired');
    expect(msg(entity('Profiles'), 'settings.time1', '2026-11-23T22:00:15.125Z')).toBe('sl.enterTime');
    expect(msg(entity('GroupControl'), 'name')).toBe('sl.enterName');
    expect(msg(lamps, 'description')).toBe('sl.enterValue');
  });

  it('marks each named field, with the catalogue text when the code is not IsInvalidError', () => {
    const profiles = entity('Profiles');
    const sent = { name: 'P', settings: { time1: '2026-11-23T22:00:15.125Z' } };
    expect(formErrors(profiles, invalid(['settings.time1']), sent)).toEqual({
      'settings.time1': 'sl.enterTime',
      root: { serverError: 'Is invalid' },
    });
    const exists = { code: 'AlreadyExistsError', message: 'Already exists', fields: ['uid'] };
    expect(formErrors(entity('Luminaries'), exists, { uid: 'L1' })).toMatchObject({
      uid: 'error.AlreadyExistsError',
    });
    const weak = { ...invalid(['password']), reason: 'passwordTooShort' };
    expect(formErrors(entity('Users'), weak, {})).toMatchObject({ password: 'sl.passwordTooShort' });
    expect(formErrors(profiles, invalid(['body']), sent)).toBeUndefined();
    expect(formErrors(profiles, null, sent)).toBeUndefined();
  });

  it('tells a text longer than its field holds so, with the limit, for any text field', () => {
    const supports = entity('LuminarySupports').fields;
    expect(tooLong(supports.uid!, 'x'.repeat(64))).toBeUndefined();
    expect(tooLong(supports.uid!, 'x'.repeat(5000))).toEqual({
      message: 'sl.tooLong',
      args: { max: 64, length: 5000 },
    });
    expect(tooLong(supports.comment!, 'x'.repeat(2001))?.args.max).toBe(2000);
    expect(tooLong(supports.street!, 'x'.repeat(501))?.args.max).toBe(500);
    expect(tooLong(supports.height!, 'x'.repeat(501))).toBeUndefined();
    expect(formErrors(entity('LuminarySupports'), invalid(['uid']), { uid: 'x'.repeat(5000) })).toMatchObject(
      {
        uid: '@@react-admin@@{"message":"sl.tooLong","args":{"max":64,"length":5000}}',
      },
    );
  });
});
