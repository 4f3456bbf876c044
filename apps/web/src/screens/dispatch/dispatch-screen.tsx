import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Box, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Title, useNotify, useStore, useTranslate } from 'react-admin';
import { sl, type MessageKey } from '../../i18n/messages.ts';
import { canDo } from '../../providers/auth-provider.ts';
import { useAnswer } from '../lighting/use-answer.ts';
import { assignCrew, fetchBoard, type DispatchOrder, type Refusal } from './dispatch-api.ts';
import { DispatchLanes } from './dispatch-lanes.tsx';
import { DispatchLegend } from './dispatch-legend.tsx';
import { DispatchList } from './dispatch-list.tsx';
import { DispatchMap } from './dispatch-map.tsx';
import { DISPATCH_SORTS, sortOrders, type DispatchSort } from './dispatch-order.ts';

// the ages and late marks follow the clock, and other dispatchers assign too
const REREAD_MS = 60_000;

const SORT_LABELS: Record<DispatchSort, MessageKey> = {
  due: 'dispatchByDue',
  age: 'dispatchByAge',
  crew: 'dispatchByCrew',
};

/**
 * The dispatcher's screen (issue 32): the open orders on a map and in a list in the order the dispatcher chooses,
 * and in one lane per crew; an order dragged onto a crew's lane, or given one with its card's select, is assigned.
 * The server decides: what it refuses is said in its own words.
 */
export default function DispatchScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const [sort, setSort] = useStore<DispatchSort>('sl.dispatch.sort', 'due');
  const [asked, setAsked] = useState(0);
  const answer = useAnswer(String(asked), fetchBoard);
  const board = answer.state === 'done' ? answer.value : answer.last;
  // what the server answered to this page's own assignments, until the board is read again
  const [changed, setChanged] = useState<Map<number, Pick<DispatchOrder, 'crew' | 'status'>>>(new Map());
  useEffect(() => {
    setChanged(new Map());
  }, [board]);
  useEffect(() => {
    const timer = setInterval(() => setAsked((n) => n + 1), REREAD_MS);
    return () => clearInterval(timer);
  }, []);
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<Refusal>();
  const mayAssign = canDo('WorkOrders', 'edit');

  const crews = useMemo(() => board?.crews ?? [], [board]);
  const orders = useMemo(() => {
    const current = (board?.orders ?? []).map((o) => ({ ...o, ...changed.get(o._id) }));
    return sortOrders(current, DISPATCH_SORTS.includes(sort) ? sort : 'due', crews);
  }, [board, changed, sort, crews]);
  const crewName = useCallback(
    (crew: number | null) =>
      crew === null
        ? translate(sl('dispatchNotAssigned'))
        : (crews.find((c) => c._id === crew)?.name ?? String(crew)),
    [crews, translate],
  );

  const assign = async (order: DispatchOrder, crew: number | null) => {
    setRefusal(undefined);
    setBusy((b) => new Set(b).add(order._id));
    try {
      const row = await assignCrew(order._id, crew);
      setChanged((c) => new Map(c).set(order._id, { crew: row.crew ?? null, status: row.status }));
      notify(translate(sl('dispatchAssigned'), { title: order.title, crew: crewName(row.crew ?? null) }), {
        type: 'success',
      });
      setAsked((n) => n + 1);
    } catch (err) {
      // the server's catalogue message, already in the user's language
      setRefusal({ order: order._id, message: (err as Error).message });
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(order._id);
        return next;
      });
    }
  };

  const unplaced = orders.filter((o) => o.lon === null || o.lat === null).length;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={sl('dispatchTitle')} />
      <CardContent>
        <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="h5" component="h1">
            {translate(sl('dispatchTitle'))}
          </Typography>
          <TextField
            select
            size="small"
            label={translate(sl('dispatchSortBy'))}
            value={sort}
            onChange={(ev) => setSort(ev.target.value as DispatchSort)}
            sx={{ width: 240 }}
            data-testid="dispatch-sort"
          >
            {DISPATCH_SORTS.map((s) => (
              <MenuItem key={s} value={s}>
                {translate(sl(SORT_LABELS[s]))}
              </MenuItem>
            ))}
          </TextField>
          {board && (
            <Typography data-testid="dispatch-count">
              {translate(sl('dispatchOpen'), { smart_count: board.total })}
            </Typography>
          )}
        </Stack>
        {board && board.leftOut > 0 && (
          <Alert severity="info" sx={{ mb: 1 }} data-testid="dispatch-left-out">
            {translate(sl('dispatchLeftOut'), { smart_count: board.leftOut, shown: board.orders.length })}
          </Alert>
        )}
        {answer.state === 'failed' && (
          <Alert severity="error">{answer.message ?? translate('ra.notification.http_error')}</Alert>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 2fr' }, gap: 2, mb: 2 }}>
          <Box>
            <DispatchMap orders={orders} chosenId={chosenId} onChoose={setChosenId} />
            <DispatchLegend unplaced={unplaced} />
          </Box>
          <DispatchList orders={orders} crewName={crewName} chosenId={chosenId} onChoose={setChosenId} />
        </Box>
        {board && !board.total && <Typography sx={{ mb: 1 }}>{translate(sl('dispatchEmpty'))}</Typography>}
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate(sl(mayAssign ? 'dispatchHint' : 'dispatchReadOnly'))}
        </Typography>
        <DispatchLanes
          orders={orders}
          crews={crews}
          chosenId={chosenId}
          mayAssign={mayAssign}
          busy={busy}
          onChoose={setChosenId}
          onAssign={(order, crew) => void assign(order, crew)}
          refusal={refusal}
          onDismissRefusal={() => setRefusal(undefined)}
        />
      </CardContent>
    </Card>
  );
}
