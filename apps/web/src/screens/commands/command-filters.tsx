import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import { DateTextField } from '../../resources/inputs/date-text-field.tsx';
import { COMMAND_TYPES, OUTCOMES, type Filters, type Outcome } from './commands-api.ts';

/** The archive's filters: command type, outcome (several), controller and a time range. */
export function CommandFilters({ value, onChange }: { value: Filters; onChange(next: Filters): void }) {
  const translate = useTranslate();
  const set = (patch: Partial<Filters>) => onChange({ ...value, ...patch });
  return (
    <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 2 }}>
      <TextField
        select
        size="small"
        sx={{ width: 200 }}
        label={translate(sl('commandsType'))}
        value={value.type ?? ''}
        onChange={(e) => set({ type: e.target.value || undefined })}
        data-testid="commands-type"
      >
        <MenuItem value="">{translate(sl('commandsAnyType'))}</MenuItem>
        {COMMAND_TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {translate(sl(`commandsType_${t}`))}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        sx={{ width: 220 }}
        label={translate(sl('commandsOutcome'))}
        value={value.outcome}
        onChange={(e) => set({ outcome: e.target.value as unknown as Outcome[] })}
        slotProps={{ select: { multiple: true } }}
        data-testid="commands-outcome"
      >
        {OUTCOMES.map((o) => (
          <MenuItem key={o} value={o}>
            {translate(sl(`commandsOutcome_${o}`))}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        sx={{ width: 200 }}
        label={translate(sl('commandsController'))}
        value={value.controller ?? ''}
        onChange={(e) => set({ controller: e.target.value })}
      />
      {(['from', 'to'] as const).map((key) => (
        <DateTextField
          key={key}
          kind="local"
          size="small"
          sx={{ width: 240 }}
          label={translate(sl(key === 'from' ? 'commandsFrom' : 'commandsTo'))}
          value={value[key] ?? ''}
          onChange={(v) => set({ [key]: v ?? '' })}
        />
      ))}
    </Stack>
  );
}
