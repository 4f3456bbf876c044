import { maxValue, minValue, required, type Validator } from 'react-admin';
import type { Field } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import { fieldMessage } from './field-errors.ts';

const isBlank = (v: unknown) => v === undefined || v === null || v === '';
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** What the client checks before sending, with the same messages the server's refusals get. */
export function kindChecks(entityName: string, source: string, field: Field, needed: boolean): Validator[] {
  const checks: Validator[] = [];
  if (needed) checks.push(required(fieldMessage(entityName, source, field)));
  if (field.kind === 'int')
    checks.push((v) => (isBlank(v) || Number.isInteger(v) ? undefined : sl('mustBeInteger')));
  if (field.kind === 'int' || field.kind === 'float') {
    if (field.min !== undefined) checks.push(minValue(field.min));
    if (field.max !== undefined) checks.push(maxValue(field.max));
  }
  if (field.kind === 'time')
    checks.push((v) => (isBlank(v) || HH_MM.test(String(v)) ? undefined : sl('enterTime')));
  return checks;
}
