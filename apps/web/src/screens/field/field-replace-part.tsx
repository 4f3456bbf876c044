import { useState } from 'react';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { MAC, PART_KINDS, type PartKind } from '@sl/domain';
import type { FieldOrder, PartReplaced } from './field-api.ts';
import type { FieldText } from './field-text.ts';

const big = { minHeight: 56, fontSize: '1.1rem' };
// every label above its field, as the selects' are: the form reads the same empty or filled
const SHRUNK = { shrink: true };

/** The phone's day, as the crew member lives it: the day of the replacement is theirs, not the server's. */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

type Device = { id: number; label: string };

function devicesFor(kind: PartKind, order: FieldOrder): Device[] {
  if (kind === 'CONTROL_MODULE') return order.devices.modules.map((m) => ({ id: m._id, label: m.mac }));
  return order.devices.lamps.map((l) => ({
    id: l._id,
    label: `${l.name || l.uid}${l.model ? ` (${l.model})` : ''}`,
  }));
}

/** A native select: the phone's own picker, large and quick under a thumb. */
function Choice(props: {
  label: string;
  value: string;
  onChange(v: string): void;
  options: { value: string; label: string }[];
}) {
  return (
    <TextField
      select
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      slotProps={{ select: { native: true }, inputLabel: SHRUNK }}
    >
      {props.options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}

/**
 * Replace a part (issue 32): which part, on which of the order's lamps or modules, what was fitted (a module's MAC,
 * typed or scanned into the field; a lamp's model), and a note. Queued like Start and Done, so it works offline.
 */
export function ReplacePart(props: {
  order: FieldOrder;
  models: { _id: number; name: string }[];
  text: FieldText;
  onReplace(part: PartReplaced): void;
}) {
  const { order, models, text } = props;
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<PartKind>('LAMP');
  const [device, setDevice] = useState('');
  const [fitted, setFitted] = useState('');
  const [removed, setRemoved] = useState('');
  const [model, setModel] = useState('');
  const [note, setNote] = useState('');
  const [recorded, setRecorded] = useState('');
  const devices = devicesFor(kind, order);
  const chosen = devices.find((d) => String(d.id) === device) ?? devices[0];
  const isModule = kind === 'CONTROL_MODULE';
  const badMac = isModule && !MAC.test(fitted.trim());
  if (!open)
    return (
      <Stack spacing={1}>
        <Button variant="outlined" sx={big} onClick={() => setOpen(true)}>
          {text.t('fieldReplace')}
        </Button>
        {recorded && (
          <Alert severity="info" data-testid="field-replaced">
            {text.t('fieldReplaced', { part: recorded })}
          </Alert>
        )}
      </Stack>
    );
  const save = () => {
    if (!chosen || badMac) return;
    props.onReplace({
      kind,
      ...(isModule ? { module: chosen.id } : { luminary: chosen.id }),
      ...(fitted.trim() && { fittedSerial: fitted.trim() }),
      ...(!isModule && removed.trim() && { removedSerial: removed.trim() }),
      ...(kind === 'LAMP' && model && { fittedModel: Number(model) }),
      ...(note.trim() && { note: note.trim() }),
      replacedOn: today(),
    });
    setRecorded(`${text.value(kind)} — ${chosen.label}`);
    setOpen(false);
    setFitted('');
    setRemoved('');
    setNote('');
  };
  return (
    <Stack spacing={1.5} component="form" data-testid="field-replace" onSubmit={(e) => e.preventDefault()}>
      <Typography component="h3" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
        {text.t('fieldReplace')}
      </Typography>
      <Choice
        label={text.t('fieldReplacePart')}
        value={kind}
        onChange={(v) => {
          setKind(v as PartKind);
          setDevice('');
        }}
        options={PART_KINDS.map((k) => ({ value: k, label: text.value(k) }))}
      />
      {chosen ? (
        <Choice
          label={text.t('fieldReplaceDevice')}
          value={String(chosen.id)}
          onChange={setDevice}
          options={devices.map((d) => ({ value: String(d.id), label: d.label }))}
        />
      ) : (
        <Alert severity="warning">{text.t('fieldNoDevice')}</Alert>
      )}
      {kind === 'LAMP' && (
        <Choice
          label={text.t('fieldFittedModel')}
          value={model}
          onChange={setModel}
          options={[
            { value: '', label: text.t('fieldSameModel') },
            ...models.map((m) => ({ value: String(m._id), label: m.name })),
          ]}
        />
      )}
      <TextField
        label={text.t(isModule ? 'fieldFittedMac' : 'fieldFittedSerial')}
        value={fitted}
        onChange={(e) => setFitted(e.target.value)}
        required={isModule}
        error={isModule && fitted !== '' && badMac}
        helperText={isModule && fitted !== '' && badMac ? text.t('fieldBadMac') : undefined}
        slotProps={{
          inputLabel: SHRUNK,
          htmlInput: { autoCapitalize: 'characters', autoComplete: 'off', spellCheck: false },
        }}
      />
      {!isModule && (
        <TextField
          label={text.t('fieldRemovedSerial')}
          value={removed}
          onChange={(e) => setRemoved(e.target.value)}
          slotProps={{ inputLabel: SHRUNK }}
        />
      )}
      <TextField
        label={text.t('fieldReplaceNote')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={2}
        slotProps={{ inputLabel: SHRUNK }}
      />
      <Typography variant="body2" color="text.secondary">
        {text.t('fieldReplaceHint')}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button variant="contained" sx={{ ...big, flex: 1 }} disabled={!chosen || badMac} onClick={save}>
          {text.t('fieldReplaceSave')}
        </Button>
        <Button variant="outlined" sx={big} onClick={() => setOpen(false)}>
          {text.t('fieldCancel')}
        </Button>
      </Stack>
    </Stack>
  );
}
