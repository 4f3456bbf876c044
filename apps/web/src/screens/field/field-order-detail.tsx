import { useState, type ReactNode } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Divider, Stack, TextField, Typography } from '@mui/material';
import type { WorkOrderStatus } from '@sl/domain';
import { formatClock, formatTick } from '../../i18n/time-format.ts';
import { testSwitch, type FieldOrder, type PartReplaced, type TestSwitchAnswer } from './field-api.ts';
import { faultOf, OrderChips, streetOf } from './field-order-card.tsx';
import { ConflictNotice } from './field-conflict.tsx';
import { ReplacePart } from './field-replace-part.tsx';
import type { Conflict } from './field-sync.ts';
import type { FieldText } from './field-text.ts';

const big = { minHeight: 56, fontSize: '1.1rem' };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography component="h3" sx={{ fontSize: '1.05rem', fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The device's facts: its pole, cabinet, lamps with their model, the modules' last readings, its open events. */
function Facts({ order, text }: { order: FieldOrder; text: FieldText }) {
  const { supports, cabinets, lamps, modules, events } = order.devices;
  const open = events.filter((e) => e.status === 'OPEN');
  return (
    <Stack spacing={2} divider={<Divider flexItem />}>
      {supports.map((s) => (
        <Section key={`s${s._id}`} title={`${text.t('fieldPole')} ${s.uid}`}>
          <Typography>
            {[s.street, s.address].filter(Boolean).join(', ') || text.t('fieldNoStreet')}
          </Typography>
        </Section>
      ))}
      {cabinets.map((c) => (
        <Section key={`c${c._id}`} title={`${text.t('fieldCabinet')} ${c.uid}`}>
          {c.address && <Typography>{c.address}</Typography>}
        </Section>
      ))}
      {lamps.length > 0 && (
        <Section title={text.t('fieldLamps')}>
          {lamps.map((l) => (
            <Typography key={l._id}>
              {l.name || l.uid} — {l.model ?? text.t('fieldNoModel')}
            </Typography>
          ))}
        </Section>
      )}
      {modules.length > 0 && (
        <Section title={text.t('fieldReadings')}>
          {modules.map((m) => (
            <Typography key={m._id} data-testid="field-reading">
              {m.mac}:{' '}
              {m.lastReceivedAt
                ? [
                    m.pwm != null && text.t('fieldLevel', { level: m.pwm }),
                    m.pow != null && text.t('fieldPower', { power: Math.round(m.pow * 10) / 10 }),
                    text.t('fieldHeard', { time: formatTick(m.lastReceivedAt, text.lang) }),
                  ]
                    .filter(Boolean)
                    .join(', ')
                : text.t('fieldNoReadings')}
            </Typography>
          ))}
        </Section>
      )}
      <Section title={text.t('fieldEvents')}>
        {open.length ? (
          open.map((e) => (
            <Typography key={e._id}>
              {text.value(e.type)}
              {e.openDate && ` (${text.t('fieldSince', { time: formatTick(e.openDate, text.lang) })})`}
            </Typography>
          ))
        ) : (
          <Typography color="text.secondary">{text.t('fieldNoEvents')}</Typography>
        )}
      </Section>
      {order.notes && (
        <Section title={text.t('fieldNotes')}>
          <Typography sx={{ whiteSpace: 'pre-line' }}>{order.notes}</Typography>
        </Section>
      )}
    </Stack>
  );
}

function TestSwitch({ order, online, text }: { order: FieldOrder; online: boolean; text: FieldText }) {
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<TestSwitchAnswer>();
  const [error, setError] = useState('');
  const run = () => {
    setBusy(true);
    setError('');
    setAnswer(undefined);
    testSwitch(order._id)
      .then(setAnswer, (err: Error) => setError(err.message))
      .finally(() => setBusy(false));
  };
  const back = answer && formatClock(answer.returnAt, text.lang);
  return (
    <Stack spacing={1}>
      <Button variant="outlined" sx={big} disabled={!online || busy} onClick={run}>
        {busy ? text.t('fieldTesting') : text.t('fieldTestSwitch')}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {online ? text.t('fieldTestHint') : text.t('fieldTestNeedsNetwork')}
      </Typography>
      {answer && (
        <Alert severity={answer.confirmed ? 'success' : 'warning'} data-testid="field-test-answer">
          {answer.confirmed
            ? text.t('fieldTestConfirmed', { time: back! })
            : text.t('fieldTestNotConfirmed', { message: answer.msg, time: back! })}
          {answer.withoutController.length > 0 &&
            ` ${text.t('fieldTestNoController', { count: answer.withoutController.length })}`}
        </Alert>
      )}
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}

function DoneWithNote({ text, onDone }: { text: FieldText; onDone(note: string): void }) {
  const [writing, setWriting] = useState(false);
  const [note, setNote] = useState('');
  if (!writing)
    return (
      <Button variant="contained" color="success" sx={big} onClick={() => setWriting(true)}>
        {text.t('fieldDone')}
      </Button>
    );
  return (
    <Stack spacing={1}>
      <TextField
        label={text.t('fieldDoneNote')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={3}
        autoFocus
      />
      <Stack direction="row" spacing={1}>
        <Button variant="contained" color="success" sx={{ ...big, flex: 1 }} onClick={() => onDone(note)}>
          {text.t('fieldDoneConfirm')}
        </Button>
        <Button variant="outlined" sx={big} onClick={() => setWriting(false)}>
          {text.t('fieldCancel')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** One order, opened: what it is, where, what the devices say, and what the crew member can do. */
export function FieldOrderDetail(props: {
  order: FieldOrder;
  status: WorkOrderStatus;
  waiting: boolean;
  conflict: Conflict | undefined;
  online: boolean;
  text: FieldText;
  onBack(): void;
  onAct(kind: 'start' | 'done', note?: string): void;
  /** the lamp models a lamp may be replaced with */
  models: { _id: number; name: string }[];
  onReplace(part: PartReplaced): void;
  onDismiss(): void;
}) {
  const { order, status, text } = props;
  const street = streetOf(order);
  return (
    <Stack spacing={2} component="article" data-testid="field-detail">
      <Button
        startIcon={<ArrowBackIcon />}
        onClick={props.onBack}
        sx={{ alignSelf: 'flex-start', minHeight: 48 }}
      >
        {text.t('fieldBack')}
      </Button>
      <Typography component="h2" sx={{ fontSize: '1.4rem', fontWeight: 700, lineHeight: 1.3 }}>
        {order.title}
      </Typography>
      {street && <Typography sx={{ fontSize: '1.1rem' }}>{street}</Typography>}
      {faultOf(order, text) && <Typography color="text.secondary">{faultOf(order, text)}</Typography>}
      <OrderChips {...props} conflict={Boolean(props.conflict)} />
      {props.conflict && <ConflictNotice conflict={props.conflict} text={text} onDismiss={props.onDismiss} />}
      {(status === 'ASSIGNED' || status === 'REOPENED') && (
        <Button variant="contained" sx={big} onClick={() => props.onAct('start')}>
          {text.t('fieldStart')}
        </Button>
      )}
      {(status === 'IN_PROGRESS' || status === 'DONE') && (
        <ReplacePart order={order} models={props.models} text={text} onReplace={props.onReplace} />
      )}
      {status === 'IN_PROGRESS' && <DoneWithNote text={text} onDone={(note) => props.onAct('done', note)} />}
      {status !== 'DONE' && <TestSwitch order={order} online={props.online} text={text} />}
      <Divider />
      <Facts order={order} text={text} />
    </Stack>
  );
}
