import { useEffect, useState } from 'react';
import { TextField, type TextFieldProps } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import {
  DATE_TEXT_PATTERNS,
  formatDateText,
  parseDateText,
  type DateTextKind,
  type Language,
} from '@sl/domain';
import { localDay, localTime, zonedInstant } from '@sl/domain/astro';
import { sl } from '../../i18n/messages.ts';

export type DateTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'defaultValue'> & {
  kind: DateTextKind;
  /** YYYY-MM-DD, HH:MM or local YYYY-MM-DDTHH:MM; anything else is shown as it is. */
  value: string | null | undefined;
  /** A real value, or null once the text is cleared. */
  onChange(value: string | null): void;
  /** Text that stands for no value of the kind (the field shows how to write it). */
  onUnreadable?(text: string): void;
};

/**
 * A date or time written as the chosen language writes it (31.01.2026 / 01/31/2026, 20:34 / 08:34 PM), where a
 * native input would follow the browser's locale whatever language the console speaks.
 */
export function DateTextField({
  kind,
  value,
  onChange,
  onUnreadable,
  error,
  helperText,
  slotProps,
  ...rest
}: DateTextFieldProps) {
  const translate = useTranslate();
  const lang = useLocaleState()[0] as Language;
  const [text, setText] = useState(() => formatDateText(kind, value, lang));
  // a value set from outside (or another language) is shown anew; what is being typed for it stays
  useEffect(() => {
    if (parseDateText(kind, text, lang) !== (value || null)) setText(formatDateText(kind, value, lang));
  }, [kind, value, lang]);
  const parsed = parseDateText(kind, text, lang);
  const bad = text.trim() !== '' && parsed === null;
  const pattern = DATE_TEXT_PATTERNS[kind][lang];
  return (
    <TextField
      {...rest}
      value={text}
      placeholder={pattern}
      error={error || bad}
      helperText={bad ? translate(sl('writeAs'), { pattern }) : helperText}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        const v = parseDateText(kind, next, lang);
        if (next.trim() === '') onChange(null);
        else if (v) onChange(v);
        else onUnreadable?.(next);
      }}
      onBlur={(e) => {
        if (parsed) setText(formatDateText(kind, parsed, lang));
        rest.onBlur?.(e);
      }}
      slotProps={{ ...slotProps, inputLabel: { shrink: true, ...slotProps?.inputLabel } }}
    />
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the browser's local YYYY-MM-DDTHH:MM. */
export function localOf(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The instant a local YYYY-MM-DDTHH:MM of the browser's zone stands for. */
export const instantOf = (local: string): string => new Date(local).toISOString();

/** An instant as the local YYYY-MM-DDTHH:MM of a time zone. */
function localIn(iso: string, tz: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${localDay(d, tz)}T${localTime(d, tz)}`;
}

/** An instant (ISO) written in the language, on the clock of `timeZone` (default: the browser's). */
export function InstantTextField({
  value,
  onChange,
  timeZone,
  ...rest
}: Omit<DateTextFieldProps, 'kind'> & { value: string | null | undefined; timeZone?: string }) {
  const local = (iso: string) => (timeZone ? localIn(iso, timeZone) : localOf(iso));
  const instant = (text: string) => {
    if (!timeZone) return instantOf(text);
    const [day, time] = text.split('T');
    return zonedInstant(day!, time!.slice(0, 5), timeZone).toISOString();
  };
  return (
    <DateTextField
      {...rest}
      kind="local"
      value={value ? local(value) : value}
      onChange={(v) => onChange(v ? instant(v) : null)}
    />
  );
}
