import { useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useNotify, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import { DEFAULT_SEQUENCE, IO_BITS, IO_SEQUENCE_LENGTH } from '@sl/domain';
import { sl } from '../../../i18n/messages.ts';

const POSITIONS = Object.keys(IO_BITS) as (keyof typeof IO_BITS)[];
const OUTPUTS = Array.from({ length: IO_SEQUENCE_LENGTH }, (_, i) => i);

const sequenceOf = (v: unknown) =>
  Array.isArray(v) && v.length === IO_SEQUENCE_LENGTH ? v.map(Number) : [...DEFAULT_SEQUENCE];

/**
 * A controller's output sequence (16 outputs, each 0–15) and polarity (8 flags over the I/O positions of spec §4),
 * saved together through the generic update, so the change log records them.
 */
export function IoEditors({ editable }: { editable: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const record = useRecordContext();
  const [sequence, setSequence] = useState(() => sequenceOf(record?.sequence));
  const [polarity, setPolarity] = useState(() => Number(record?.polarity ?? 0));
  const [update, { isPending }] = useUpdate();
  if (!record) return null;
  const save = () =>
    update(
      'Controllers',
      { id: record.id, data: { sequence, polarity }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(sl('controllerSaved'), { type: 'success' }),
        onError: (err) => notify((err as Error).message, { type: 'error' }),
      },
    );
  return (
    <Box data-testid="controller-io-editors">
      <Typography variant="subtitle1" component="h2">
        {translate(sl('controllerSequence'))}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {translate(sl('controllerSequenceHint'))}
      </Typography>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(72px, 1fr))', gap: 1, mt: 1 }}
        data-testid="controller-sequence"
      >
        {sequence.map((out, i) => (
          <TextField
            key={i}
            select
            size="small"
            label={String(i)}
            value={out}
            disabled={!editable}
            onChange={(e) => setSequence(sequence.map((v, j) => (j === i ? Number(e.target.value) : v)))}
            slotProps={{ htmlInput: { 'data-testid': `sequence-${i}` } }}
          >
            {OUTPUTS.map((o) => (
              <MenuItem key={o} value={o}>
                {o}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Box>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>
        {translate(sl('controllerPolarity'))}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {translate(sl('controllerPolarityHint'))}
      </Typography>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}
        data-testid="controller-polarity"
      >
        {POSITIONS.map((name) => {
          const bit = 1 << IO_BITS[name];
          return (
            <FormControlLabel
              key={name}
              label={translate(sl(`ioBit_${name}`))}
              control={
                <Checkbox
                  checked={(polarity & bit) !== 0}
                  disabled={!editable}
                  onChange={(e) => setPolarity(e.target.checked ? polarity | bit : polarity & ~bit)}
                />
              }
            />
          );
        })}
      </Box>
      {editable && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button variant="contained" disabled={isPending} onClick={save} data-testid="controller-io-save">
            {translate(sl('controllerSave'))}
          </Button>
          <Button
            disabled={isPending}
            onClick={() => {
              setSequence([...DEFAULT_SEQUENCE]);
              setPolarity(0);
            }}
          >
            {translate(sl('controllerReset'))}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
