type Translate = (key: string, args?: object) => string;

/** What a command addressed, in words: a module by MAC or number, or a controller, mounting, segment, group. */
export function targetText(t: Record<string, unknown>, translate: Translate) {
  if (t.by === 'mac') return `MAC ${String(t.mac)}`;
  if (t.by === 'id') return `№ ${String(t.id)}`;
  if (t.by === 'ids' && Array.isArray(t.ids))
    return translate('sl.commandsBy_ids', { smart_count: t.ids.length });
  return translate(`sl.commandsBy_${String(t.by)}`, { ...t, _: JSON.stringify(t) });
}

/** a type the console does not name yet is shown as the server calls it */
export const commandTypeName = (type: string, translate: Translate) =>
  translate(`sl.commandsType_${type}`, { _: type });
