import { useLocaleState, useTranslate } from 'react-admin';
import { formatInstant } from '../i18n/time-format.ts';
import { useConsoleZone } from '../screens/devices/city-time.ts';
import {
  formatNumber,
  formatRaw,
  LOCALES,
  PHASES,
  twilightOfCode,
  type Field,
  type Language,
} from '@sl/domain';

export type ValueText = (field: Field, value: unknown, phases?: readonly number[]) => string;

/** A scalar value as the chosen language writes it, by its field's rule (units.ts) and kind. */
export function useValueText(): ValueText {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const lang = locale as Language;
  // a record without a city of its own (a meter, a lamp) is read on the console's clock
  const zone = useConsoleZone();
  const word = (v: unknown) => translate(`sl.${String(v)}`, { _: String(v) });
  return (field, value, phases) => {
    if (value == null || value === '') return '';
    const rule = field.show;
    if (rule && typeof value === 'number') {
      if ('rule' in rule && rule.rule === 'phase') return PHASES[value as 1 | 2 | 3] ?? String(value);
      if ('rule' in rule && rule.rule === 'twilight') {
        const t = twilightOfCode(value);
        if (!t) return String(value);
        return t.speed ? `${word(t.method)} (${translate('sl.twilightFast')})` : word(t.method);
      }
      const text = formatRaw(rule, value, lang, phases);
      if (text !== undefined) return text;
    }
    switch (field.kind) {
      case 'enum':
        return word(value);
      case 'int':
        return typeof value === 'number' ? formatNumber(value, lang, 0) : String(value);
      case 'float':
        return typeof value === 'number' ? formatNumber(value, lang, 6) : String(value);
      case 'bool':
        return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
      case 'timestamp':
        return formatInstant(value, lang, zone);
      case 'day':
        return new Date(`${String(value)}T00:00:00`).toLocaleDateString(LOCALES[lang]);
      default:
        return String(value);
    }
  };
}
