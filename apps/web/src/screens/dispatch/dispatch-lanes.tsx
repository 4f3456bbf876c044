import { useState, type DragEvent } from 'react';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import type { DispatchCrew, DispatchOrder, Refusal } from './dispatch-api.ts';
import { DispatchCard, draggedOrder, ORDER_DRAG_TYPE } from './dispatch-card.tsx';

// cards drawn in a lane; the rest are counted (the list beside shows every order, and a card chosen there is drawn)
const LANE_CARDS = 50;

type Lane = { crew: number | null; name: string };

/** One column per crew the user sees, and one of the orders of no crew; an order dropped on a lane is given to it. */
export function DispatchLanes({
  orders,
  crews,
  chosenId,
  mayAssign,
  busy,
  onChoose,
  onAssign,
  refusal,
  onDismissRefusal,
}: {
  orders: readonly DispatchOrder[];
  crews: readonly DispatchCrew[];
  chosenId: number | null;
  mayAssign: boolean;
  busy: ReadonlySet<number>;
  onChoose: (id: number) => void;
  onAssign: (order: DispatchOrder, crew: number | null) => void;
  refusal: Refusal | undefined;
  onDismissRefusal: () => void;
}) {
  const translate = useTranslate();
  const [over, setOver] = useState<number | null | undefined>(undefined);
  const known = new Set(crews.map((c) => c._id));
  // an order of a crew the user does not see (removed since) still has a lane, or it would be nowhere
  const strays = [...new Set(orders.map((o) => o.crew))].filter((c) => c !== null && !known.has(c));
  const lanes: Lane[] = [
    { crew: null, name: translate(sl('dispatchNotAssigned')) },
    ...crews.map((c) => ({ crew: c._id, name: c.name })),
    ...strays.map((c) => ({ crew: c, name: `#${c}` })),
  ];
  const accepts = (ev: DragEvent) => mayAssign && ev.dataTransfer.types.includes(ORDER_DRAG_TYPE);
  const drop = (lane: Lane, ev: DragEvent) => {
    ev.preventDefault();
    setOver(undefined);
    const id = draggedOrder(ev.dataTransfer.getData(ORDER_DRAG_TYPE));
    const order = orders.find((o) => o._id === id);
    if (order && order.crew !== lane.crew) onAssign(order, lane.crew);
  };
  return (
    <Stack direction="row" spacing={2} sx={{ overflowX: 'auto', pb: 1, alignItems: 'flex-start' }}>
      {lanes.map((lane) => {
        const inLane = orders.filter((o) => o.crew === lane.crew);
        const drawn = inLane.filter((o, i) => i < LANE_CARDS || o._id === chosenId);
        return (
          <Paper
            key={lane.crew ?? 'none'}
            component="section"
            aria-label={lane.name}
            data-testid="dispatch-lane"
            data-crew={lane.crew ?? ''}
            onDragOver={(ev) => {
              if (!accepts(ev)) return;
              ev.preventDefault();
              ev.dataTransfer.dropEffect = 'move';
              setOver(lane.crew);
            }}
            onDragLeave={() => setOver(undefined)}
            onDrop={(ev) => {
              if (accepts(ev)) drop(lane, ev);
            }}
            sx={{
              flex: '0 0 260px',
              p: 1,
              bgcolor: over === lane.crew ? 'action.selected' : 'grey.100',
              minHeight: 160,
            }}
          >
            <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
              {lane.name} · {inLane.length}
            </Typography>
            <Stack spacing={1}>
              {drawn.map((o) => (
                <DispatchCard
                  key={o._id}
                  order={o}
                  crews={crews}
                  chosen={o._id === chosenId}
                  mayAssign={mayAssign}
                  busy={busy.has(o._id)}
                  onChoose={() => onChoose(o._id)}
                  onAssign={(crew) => onAssign(o, crew)}
                  refusal={refusal?.order === o._id ? refusal.message : undefined}
                  onDismissRefusal={onDismissRefusal}
                />
              ))}
            </Stack>
            {inLane.length > drawn.length && (
              <Box sx={{ mt: 1 }}>
                <Typography variant="caption" color="text.secondary">
                  {translate(sl('dispatchMoreInLane'), { smart_count: inLane.length - drawn.length })}
                </Typography>
              </Box>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
