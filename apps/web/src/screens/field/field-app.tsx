import { useEffect, useMemo, useState } from 'react';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Alert,
  Box,
  Button,
  Chip,
  CssBaseline,
  IconButton,
  Stack,
  ThemeProvider,
  Typography,
  createTheme,
} from '@mui/material';
import type { Language } from '@sl/domain';
import { initialLanguage, storeLanguage } from '../../i18n/language.ts';
import { formatClock } from '../../i18n/time-format.ts';
import { LanguageMenu } from '../../login/language-menu.tsx';
import { storedProfile } from '../../providers/session.ts';
import type { FieldOrder } from './field-api.ts';
import { ConflictNotice } from './field-conflict.tsx';
import { inVisitOrder } from './field-nearest.ts';
import { FieldOrderCard } from './field-order-card.tsx';
import { FieldOrderDetail } from './field-order-detail.tsx';
import { localStatus } from './field-sync.ts';
import { fieldText, type FieldText } from './field-text.ts';
import { keepFieldShell } from './field-worker.ts';
import { useFieldDay, type FieldState } from './use-field-day.ts';
import { useFieldRoute } from './use-field-route.ts';
import { usePosition } from './use-position.ts';

// Read in the street on a phone: type a size up from the console's, every control at least 48 px high.
const PHONE_THEME = createTheme({
  typography: { fontSize: 16 },
  palette: { primary: { main: '#1565c0' } },
  components: {
    MuiButton: { styleOverrides: { root: { minHeight: 48 } } },
    MuiIconButton: { styleOverrides: { root: { minWidth: 48, minHeight: 48 } } },
    MuiChip: { styleOverrides: { root: { height: 32, fontSize: '0.95rem' } } },
  },
});

function Header({ state, text, onRefresh }: { state: FieldState; text: FieldText; onRefresh(): void }) {
  const crews = state.kept?.day.crews.map((c) => c.name).join(', ');
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography component="h1" sx={{ fontSize: '1.5rem', fontWeight: 700 }}>
          {text.t('fieldToday')}
        </Typography>
        <IconButton aria-label={text.t('fieldRefresh')} onClick={onRefresh} disabled={!state.online}>
          <RefreshIcon />
        </IconButton>
      </Stack>
      {crews && <Typography>{text.t('fieldCrews', { crews })}</Typography>}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Chip
          data-testid="field-network"
          color={state.online ? 'success' : 'default'}
          label={state.online ? text.t('fieldOnline') : text.t('fieldOffline')}
        />
        {state.queue.length > 0 && (
          <Chip color="warning" label={text.t('fieldWaitingCount', { count: state.queue.length })} />
        )}
        {state.sending && <Chip variant="outlined" label={text.t('fieldSending')} />}
        {state.kept && (
          <Typography variant="body2" color="text.secondary">
            {text.t('fieldSavedAt', { time: formatClock(state.kept.savedAt, text.lang) })}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}

function Notices({ state, text, denied }: { state: FieldState; text: FieldText; denied: boolean }) {
  return (
    <>
      {state.stopped === 'signedOut' && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" href="/">
              {text.t('fieldSignIn')}
            </Button>
          }
        >
          {text.t('fieldSignedOut')}
        </Alert>
      )}
      {state.stopped === 'server' && <Alert severity="warning">{text.t('fieldServerTrouble')}</Alert>}
      {state.ready && !state.kept && !state.online && (
        <Alert severity="info">{text.t('fieldNothingSaved')}</Alert>
      )}
      {denied && <Alert severity="info">{text.t('fieldPositionDenied')}</Alert>}
    </>
  );
}

/** The crew member's screen for the field (issue 32): the day's orders, nearest first, usable without network. */
export function FieldApp() {
  const [profile] = useState(storedProfile);
  const [lang, setLang] = useState<Language>(initialLanguage);
  const text = useMemo(() => fieldText(lang), [lang]);
  useEffect(() => void (document.title = text.t('fieldTitle')), [text]);
  useEffect(() => {
    if (!profile) window.location.replace('/');
    else void keepFieldShell().catch(() => undefined);
  }, [profile]);
  if (!profile) return null;
  const choose = (l: Language) => {
    storeLanguage(l);
    setLang(l);
  };
  return (
    <ThemeProvider theme={PHONE_THEME}>
      <CssBaseline />
      <Box component="main" sx={{ maxWidth: 720, mx: 'auto', p: 2, pb: 6 }}>
        <FieldDayScreen login={profile.login} text={text} />
        {/* chosen once on a phone: out of the way at the foot of the page */}
        <Stack direction="row" sx={{ justifyContent: 'center', pt: 3 }}>
          <LanguageMenu lang={lang} onChange={choose} />
        </Stack>
      </Box>
    </ThemeProvider>
  );
}

function FieldDayScreen({ login, text }: { login: string; text: FieldText }) {
  const { state, act, replace, dismiss, refresh } = useFieldDay(login);
  const { here, denied } = usePosition();
  const [open, show] = useFieldRoute();
  const orders = state.kept?.day.orders ?? [];
  const waitingFor = (o: FieldOrder) => state.queue.filter((a) => a.orderId === o._id);
  const statusOf = (o: FieldOrder) => localStatus(o.status, waitingFor(o));
  const conflictOf = (o: FieldOrder) => state.conflicts.find((c) => c.orderId === o._id);
  const opened = orders.find((o) => o._id === open);
  const todo = inVisitOrder(
    orders.filter((o) => o.status !== 'DONE'),
    here,
  );
  const done = orders.filter((o) => o.status === 'DONE');
  const elsewhere = state.conflicts.filter((c) => !orders.some((o) => o._id === c.orderId));
  const card = (o: FieldOrder) => (
    <FieldOrderCard
      key={o._id}
      order={o}
      status={statusOf(o)}
      waiting={waitingFor(o).length > 0}
      conflict={Boolean(conflictOf(o))}
      here={here}
      text={text}
      onOpen={() => show(o._id)}
    />
  );
  return (
    <Stack spacing={2}>
      <Header state={state} text={text} onRefresh={() => void refresh()} />
      <Notices state={state} text={text} denied={denied} />
      {opened ? (
        <FieldOrderDetail
          order={opened}
          status={statusOf(opened)}
          waiting={waitingFor(opened).length > 0}
          conflict={conflictOf(opened)}
          online={state.online}
          text={text}
          onBack={() => show(undefined)}
          onAct={(kind, note) => void act(opened, kind, note)}
          models={state.kept?.day.models ?? []}
          onReplace={(part) => void replace(opened, part)}
          onDismiss={() => void dismiss(opened._id)}
        />
      ) : (
        <>
          {elsewhere.map((c) => (
            <ConflictNotice
              key={c.orderId}
              conflict={c}
              text={text}
              onDismiss={() => void dismiss(c.orderId)}
            />
          ))}
          {state.kept && !state.kept.day.crews.length && (
            <Alert severity="info">{text.t('fieldNoCrew')}</Alert>
          )}
          {state.kept && state.kept.day.crews.length > 0 && !todo.length && (
            <Alert severity="success">{text.t('fieldNone')}</Alert>
          )}
          {todo.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              {here ? text.t('fieldNearestFirst') : text.t('fieldByDueDate')}
            </Typography>
          )}
          <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0 }}>
            {todo.map(card)}
          </Stack>
          {done.length > 0 && (
            <>
              <Typography component="h2" sx={{ fontSize: '1.2rem', fontWeight: 700, pt: 1 }}>
                {text.t('fieldDoneToday')}
              </Typography>
              <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0 }}>
                {done.map(card)}
              </Stack>
            </>
          )}
        </>
      )}
    </Stack>
  );
}
