import { useEffect, useState } from 'react';
import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { fieldLabel, type Language } from '@sl/domain';
import { sl } from '../../../i18n/messages.ts';
import { DeviceCommands } from './device-commands.tsx';
import { PartReplacementsCard } from '../../maintenance/part-replacements-card.tsx';
import { useChangeText, type Names } from './change-text.ts';
import { changesOf, type ChangeEntry, type FieldChange } from './history-api.ts';

// a device's lifecycle: the parts replaced on it (a module: taken out or put in)
const REPLACED_BY: Partial<Record<string, readonly ('luminary' | 'module' | 'fittedModule')[]>> = {
  Luminaries: ['luminary'],
  LuminaryModules: ['module', 'fittedModule'],
};

const ACTION = { create: 'historyCreated', update: 'historyUpdated', delete: 'historyDeleted' } as const;

function ChangeLine(props: { name: string; change: FieldChange; entity: string; names: Names }) {
  const { name, change, entity, names } = props;
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  const shown = useChangeText(entity, names);
  const label = fieldLabel(name, lang, entity);
  if (!('to' in change)) return <>{`${label}: ${translate(sl('historyHidden'))}`}</>;
  return <>{`${label}: ${shown(name, change.from)} → ${shown(name, change.to)}`}</>;
}

/**
 * Who did what to one record (issue 15): its creation and every change, which fields from what to what and by
 * whom, and the commands its controller was sent with their outcome. One piece for every entity of the registry.
 */
export function HistoryTab(props: { entity: string; id: number; time(v: unknown): string; mac?: string }) {
  const { entity, id, time, mac } = props;
  const translate = useTranslate();
  // the names come in the language asked in
  const [locale] = useLocaleState();
  const [entries, setEntries] = useState<ChangeEntry[]>();
  const replacedBy = REPLACED_BY[entity];
  const [names, setNames] = useState<Names>({});
  useEffect(() => {
    let gone = false;
    changesOf(entity, id).then(
      (r) => {
        if (gone) return;
        setEntries(r.data);
        setNames(r.names);
      },
      () => !gone && setEntries([]),
    );
    return () => void (gone = true);
  }, [entity, id, locale]);
  return (
    <Box data-testid="history-tab">
      <Typography variant="subtitle1" component="h2">
        {translate(sl('historyChanges'))}
      </Typography>
      {entries && !entries.length && <Typography variant="body2">{translate(sl('historyNone'))}</Typography>}
      <List dense disablePadding data-testid="history-changes">
        {(entries ?? []).map((e) => (
          <ListItem key={e.id} disableGutters alignItems="flex-start">
            <ListItemText
              primary={`${time(e.at)} · ${translate(sl(ACTION[e.action]))} · ${translate(sl('historyBy'), {
                login: e.login ?? '—',
              })}`}
              secondary={Object.entries(e.changes).map(([name, change]) => (
                <Box component="span" key={name} sx={{ display: 'block', wordBreak: 'break-word' }}>
                  <ChangeLine name={name} change={change} entity={entity} names={names} />
                </Box>
              ))}
            />
          </ListItem>
        ))}
      </List>
      {replacedBy && <PartReplacementsCard fields={replacedBy} id={id} />}
      {mac && (
        <>
          <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>
            {translate(sl('historyCommands'))}
          </Typography>
          <DeviceCommands mac={mac} time={time} />
        </>
      )}
    </Box>
  );
}
