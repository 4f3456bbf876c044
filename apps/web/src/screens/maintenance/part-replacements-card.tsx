import { Box, Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useGetList, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { entity, fieldLabel, formatDayText, type Language } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import { SubValue } from '../../resources/nested-value.tsx';
import { canDo } from '../../providers/auth-provider.ts';

const PARTS = entity('PartReplacements');
type Row = Record<string, unknown>;
type Props = {
  /** the record's replacements by these fields of a replacement (a module: removed or fitted) */
  fields: readonly ('workOrder' | 'luminary' | 'module' | 'fittedModule')[];
  /** the record's id, where its screen gives it; else the record in context */
  id?: number;
  /** beside the record, as an aside (a work order), rather than inside a tab (a device's history) */
  aside?: boolean;
};

function useReplacements(field: Props['fields'][number], id: unknown) {
  return useGetList(
    'PartReplacements',
    {
      filter: { [field]: id },
      sort: { field: 'replacedOn', order: 'DESC' },
      pagination: { page: 1, perPage: 50 },
    },
    { enabled: id !== undefined },
  ).data;
}

/**
 * The parts replaced on a work order, or on a lamp or module (its lifecycle, issue 32): when, what, on which lamp,
 * the serial or MAC taken out and put in, the model fitted, by whom, the note under it.
 */
export function PartReplacementsCard({ fields, aside, ...props }: Props) {
  const record = useRecordContext();
  const id = props.id ?? record?.id;
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  const first = useReplacements(fields[0]!, id);
  const second = useReplacements(fields[1] ?? fields[0]!, fields[1] ? id : undefined);
  if (id === undefined || !canDo('PartReplacements', 'list')) return null;
  const seen = new Set<unknown>();
  const rows = [...(first ?? []), ...(second ?? [])]
    .filter((r) => !seen.has(r.id) && seen.add(r.id))
    .sort((a, b) => String(b.replacedOn).localeCompare(String(a.replacedOn)));
  const ref = (r: Row, name: string) =>
    r[name] == null ? null : <SubValue name={name} field={PARTS.fields[name]!} record={r} />;
  const serials = (r: Row) => [r.removedSerial ?? '—', r.fittedSerial ?? '—'].map(String).join(' → ');
  const body = (
    <>
      <Typography variant="subtitle1" component="h2">
        {translate(sl('partReplacements'))}
      </Typography>
      {first && !rows.length && (
        <Typography variant="body2">{translate(sl('partReplacementsNone'))}</Typography>
      )}
      <List dense disablePadding data-testid="part-replacements">
        {rows.map((r) => (
          <ListItem key={String(r.id)} disableGutters alignItems="flex-start">
            <ListItemText
              primary={
                <>
                  {formatDayText(String(r.replacedOn), lang)} · {translate(`sl.${String(r.kind)}`)}
                  {r.luminary != null && <> · {ref(r, 'luminary')}</>}
                </>
              }
              secondary={
                <>
                  <Box component="span" sx={{ display: 'block' }}>
                    {serials(r)}
                    {r.fittedModel != null && <> · {ref(r, 'fittedModel')}</>}
                  </Box>
                  {r.replacedBy != null && (
                    <Box component="span" sx={{ display: 'block' }}>
                      {fieldLabel('replacedBy', lang, PARTS.name)}: {ref(r, 'replacedBy')}
                    </Box>
                  )}
                  {r.note != null && (
                    <Box component="span" sx={{ display: 'block', whiteSpace: 'pre-line' }}>
                      {String(r.note)}
                    </Box>
                  )}
                </>
              }
            />
          </ListItem>
        ))}
      </List>
    </>
  );
  if (!aside) return <Box sx={{ mt: 2 }}>{body}</Box>;
  return (
    <Card sx={{ ml: 2, mt: 1, width: 360 }} data-testid="order-part-replacements">
      <CardContent>{body}</CardContent>
    </Card>
  );
}
