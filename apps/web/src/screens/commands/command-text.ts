import { formatMeasure, type Language } from '@sl/domain';
import type { ArchivedCommand } from './commands-api.ts';

type Translate = (key: string, args?: object) => string;

/** What a command addressed, in words: a module by MAC or number, or a controller, mounting, segment, group. */
export function targetText(t: Record<string, unknown>, translate: Translate) {
  // a power schedule names its controller alone
  if (t.by === undefined && t.controller !== undefined)
    return translate('sl.commandsBy_controller', { id: t.controller });
  if (t.by === 'mac') return `MAC ${String(t.mac)}`;
  if (t.by === 'id') return `№ ${String(t.id)}`;
  if (t.by === 'ids' && Array.isArray(t.ids))
    return translate('sl.commandsBy_ids', { smart_count: t.ids.length });
  return translate(`sl.commandsBy_${String(t.by)}`, { ...t, _: JSON.stringify(t) });
}

/** a type the console does not name yet is shown as the server calls it; a dim with its level */
export function commandTypeName(
  c: { type: string; payload?: Record<string, unknown> },
  translate: Translate,
  lang: Language,
) {
  const pwm = c.payload?.pwm;
  if (c.type === 'dim' && typeof pwm === 'number')
    return translate('sl.commandsDimTo', { level: formatMeasure(pwm, 'percent', lang, 0) });
  return translate(`sl.commandsType_${c.type}`, { _: c.type });
}

/** What a command addressed, by name where the server named it, and the change it follows. */
export function commandTargetText(c: ArchivedCommand, translate: Translate) {
  const target = c.targetName ?? targetText(c.target, translate);
  if (!c.because) return target;
  const name = c.because.name ?? `#${c.because.id}`;
  return `${target}, ${translate('sl.commandsBecause', { login: c.login ?? '—', name })}`;
}
