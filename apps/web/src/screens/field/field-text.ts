import { VALUE_MESSAGES, type Language } from '@sl/domain';
import { FIELD_MESSAGES, type FieldMessageKey } from './field-messages.ts';

export type FieldText = {
  lang: Language;
  /** a message of the screen, its `%{name}` places filled */
  t(key: FieldMessageKey, vars?: Record<string, string | number>): string;
  /** a state's, priority's or event type's name */
  value(v: string): string;
};

/** The screen's words in one language (it runs without react-admin and its translator). */
export function fieldText(lang: Language): FieldText {
  const messages: Record<string, string> = FIELD_MESSAGES[lang];
  const values: Record<string, string> = VALUE_MESSAGES[lang];
  return {
    lang,
    t: (key, vars = {}) =>
      messages[key]!.replace(/%\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? '')),
    value: (v) => values[v] ?? v,
  };
}
