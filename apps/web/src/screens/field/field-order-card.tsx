import { Box, ButtonBase, Chip, Paper, Stack, Typography } from '@mui/material';
import { isWorkOrderLate, type WorkOrderStatus } from '@sl/domain';
import { formatTick } from '../../i18n/time-format.ts';
import type { FieldOrder, FieldPlace } from './field-api.ts';
import { metresBetween, placeOf } from './field-nearest.ts';
import type { FieldText } from './field-text.ts';

const PRIORITY_COLOUR = { URGENT: 'error', HIGH: 'warning', MEDIUM: 'default', LOW: 'default' } as const;

export const faultOf = (o: FieldOrder, text: FieldText) =>
  o.faultKind?.name || (o.eventType ? text.value(o.eventType) : '');

export const streetOf = (o: FieldOrder) =>
  o.street || o.devices.supports.find((s) => s.street)?.street || o.devices.supports[0]?.address || null;

export function distanceText(metres: number, text: FieldText) {
  if (metres < 1000) return text.t('fieldMetres', { n: Math.round(metres / 10) * 10 });
  const km = (metres / 1000).toLocaleString(text.lang, { maximumFractionDigits: 1 });
  return text.t('fieldKilometres', { n: km });
}

/** The order's due date, priority and state, as chips big enough to read at arm's length. */
export function OrderChips({
  order,
  status,
  waiting,
  conflict,
  text,
}: {
  order: FieldOrder;
  status: WorkOrderStatus;
  waiting: boolean;
  conflict: boolean;
  text: FieldText;
}) {
  const late = isWorkOrderLate({ status, dueDate: order.dueDate }, new Date());
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Chip color={PRIORITY_COLOUR[order.priority]} label={text.value(order.priority)} />
      <Chip
        color={late ? 'error' : 'default'}
        variant={late ? 'filled' : 'outlined'}
        label={
          order.dueDate
            ? `${late ? `${text.t('fieldLate')} · ` : ''}${text.t('fieldDue', { time: formatTick(order.dueDate, text.lang) })}`
            : text.t('fieldNoDue')
        }
      />
      <Chip color={status === 'DONE' ? 'success' : 'primary'} variant="outlined" label={text.value(status)} />
      {waiting && <Chip color="warning" label={text.t('fieldWaiting')} data-testid="field-waiting" />}
      {conflict && <Chip color="error" label={text.t('fieldConflict')} />}
    </Stack>
  );
}

/** One order in the day's list: the whole card opens it. */
export function FieldOrderCard(props: {
  order: FieldOrder;
  status: WorkOrderStatus;
  waiting: boolean;
  conflict: boolean;
  here: FieldPlace | null;
  text: FieldText;
  onOpen(): void;
}) {
  const { order, here, text } = props;
  const place = placeOf(order);
  const street = streetOf(order);
  return (
    <Paper variant="outlined" component="li" sx={{ listStyle: 'none' }} data-testid="field-order">
      <ButtonBase
        onClick={props.onOpen}
        sx={{ display: 'block', width: '100%', textAlign: 'left', p: 2, minHeight: 96 }}
      >
        <Stack spacing={1}>
          <Typography sx={{ fontSize: '1.2rem', fontWeight: 600, lineHeight: 1.3 }}>{order.title}</Typography>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <Typography color={street ? 'text.primary' : 'text.secondary'}>
              {street ?? text.t('fieldNoStreet')}
            </Typography>
            {here && place && (
              <Typography sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {text.t('fieldAway', { distance: distanceText(metresBetween(here, place), text) })}
              </Typography>
            )}
          </Box>
          {faultOf(order, text) && <Typography color="text.secondary">{faultOf(order, text)}</Typography>}
          <OrderChips {...props} />
        </Stack>
      </ButtonBase>
    </Paper>
  );
}
