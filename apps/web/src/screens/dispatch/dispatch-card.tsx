import { Alert, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { Language } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import type { DispatchCrew, DispatchOrder } from './dispatch-api.ts';
import { LATE_COLOUR, stateColour } from './dispatch-look.ts';
import { ageText, chooseByKey, dueText } from './dispatch-order.ts';

// A dragged card carries its order as plain text: a type of our own is lost on the way in some browsers' drags
// (Chromium's, when automated). The prefix tells it from any other text dropped on a lane.
export const ORDER_DRAG_TYPE = 'text/plain';
const ORDER_DRAG_PREFIX = 'sl-work-order:';

/** The order a drop carries, if it is a card's. */
export const draggedOrder = (data: string): number | undefined =>
  data.startsWith(ORDER_DRAG_PREFIX) ? Number(data.slice(ORDER_DRAG_PREFIX.length)) : undefined;
const NO_CREW = '';

/**
 * An order in its crew's lane: dragged onto another lane, or given a crew with its select (keyboard and touch),
 * when the user may assign; its crews are those of the order's own group.
 */
export function DispatchCard({
  order,
  crews,
  chosen,
  mayAssign,
  busy,
  onChoose,
  onAssign,
  refusal,
  onDismissRefusal,
}: {
  order: DispatchOrder;
  crews: readonly DispatchCrew[];
  chosen: boolean;
  mayAssign: boolean;
  busy: boolean;
  onChoose: () => void;
  onAssign: (crew: number | null) => void;
  /** what the server said when it refused this order's last change */
  refusal: string | undefined;
  onDismissRefusal: () => void;
}) {
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  // the crews of the order's own group, and the one it has whatever that is
  const own = crews.filter(
    (c) => c._id === order.crew || order.group === null || c.group === null || c.group === order.group,
  );
  return (
    <Paper
      variant="outlined"
      data-testid="dispatch-card"
      data-order={order._id}
      data-late={order.late || undefined}
      aria-current={chosen || undefined}
      draggable={mayAssign && !busy}
      onDragStart={(ev) => {
        ev.dataTransfer.setData(ORDER_DRAG_TYPE, `${ORDER_DRAG_PREFIX}${order._id}`);
        ev.dataTransfer.effectAllowed = 'move';
      }}
      onClick={onChoose}
      tabIndex={0}
      onKeyDown={(ev) => {
        // the select inside takes its own keys
        if (ev.target === ev.currentTarget) chooseByKey(ev, onChoose);
      }}
      sx={{
        p: 1,
        cursor: mayAssign ? 'grab' : 'pointer',
        borderLeft: `6px solid ${stateColour(order.status)}`,
        outline: chosen ? '2px solid #000' : undefined,
        // late: ringed in red but for its left edge, which keeps its state's colour
        ...(order.late && {
          borderTopColor: LATE_COLOUR,
          borderRightColor: LATE_COLOUR,
          borderBottomColor: LATE_COLOUR,
          bgcolor: 'rgba(211, 47, 47, 0.08)',
        }),
        opacity: busy ? 0.6 : 1,
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {order.title}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}>
        <Typography variant="caption">{translate(`sl.${order.status}`)}</Typography>
        <Typography variant="caption">{translate(`sl.${order.priority}`)}</Typography>
        <Typography variant="caption">
          {translate(sl('dispatchDue'))} {dueText(order.dueDate, lang)}
        </Typography>
        <Typography variant="caption">
          {translate(sl('dispatchAge'))} {ageText(order.ageHours, lang)}
        </Typography>
        {order.late && (
          <Chip
            size="small"
            label={translate(sl('dispatchLate'))}
            sx={{ bgcolor: LATE_COLOUR, color: '#fff', height: 20 }}
          />
        )}
      </Stack>
      {mayAssign && (
        <TextField
          select
          size="small"
          fullWidth
          disabled={busy}
          label={translate(sl('dispatchCrew'))}
          value={order.crew === null ? NO_CREW : String(order.crew)}
          onChange={(ev) => onAssign(ev.target.value === NO_CREW ? null : Number(ev.target.value))}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ mt: 1 }}
        >
          <option value={NO_CREW}>{translate(sl('dispatchNotAssigned'))}</option>
          {own.map((c) => (
            <option key={c._id} value={c._id}>
              {c.name}
            </option>
          ))}
        </TextField>
      )}
      {refusal && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="dispatch-refusal" onClose={onDismissRefusal}>
          ERROR: {refusal}
        </Alert>
      )}
    </Paper>
  );
}
