import { maxValue, minValue, required, type Validator } from 'react-admin';
import type { Field } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import { fieldMessage, tooLong } from './field-errors.ts';

const isBlank = (v: unknown) => v === undefined || v === null || v === '';
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The check of a day, time or instant field: what the text inputs keep when their text is none of the kind. */
export const dateTextCheck =
  (kind: 'day' | 'time' | 'timestamp'): Validator =>
  (v) => {
    if (isBlank(v)) return undefined;
    const s = String(v);
    if (kind === 'time') return HH_MM.test(s) ? undefined : sl('enterTime');
    if (kind === 'day') return DAY.test(s) ? undefined : sl('enterDate');
    return INSTANT.test(s) && !Number.isNaN(Date.parse(s)) ? undefined : sl('enterDateTime');
  };

/** What the client checks before sending, with the same messages the server's refusals get. */
export function kindChecks(entityName: string, source: string, field: Field, needed: boolean): Validator[] {
  const checks: Validator[] = [];
  if (needed) checks.push(required(fieldMessage(entityName, source, field)));
  if (field.kind === 'text') checks.push((v) => tooLong(field, v));
  if (field.kind === 'int')
    checks.push((v) => (isBlank(v) || Number.isInteger(v) ? undefined : sl('mustBeInteger')));
  if (field.kind === 'int' || field.kind === 'float') {
    if (field.min !== undefined) checks.push(minValue(field.min));
    if (field.max !== undefined) checks.push(maxValue(field.max));
  }
  if (field.kind === 'time' || field.kind === 'day' || field.kind === 'timestamp')
    checks.push(dateTextCheck(field.kind));
  return checks;
}
