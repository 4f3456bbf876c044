import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import EngineeringIcon from '@mui/icons-material/Engineering';
import {
  useGetList,
  useListContext,
  useNotify,
  useRedirect,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import { WORK_ORDER_PRIORITIES, type WorkOrderPriority } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import { http } from '../../providers/http.ts';

type Made = { result: { created: { _id: number }[]; alreadyOrdered: number[] } };

/** The selected events made into work orders, grouped by the server; the dispatcher may name the crew at once. */
export function OrderEventsButton() {
  const { selectedIds } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const unselectAll = useUnselectAll('ImportantEvents');
  const [open, setOpen] = useState(false);
  const [priority, setPriority] = useState<WorkOrderPriority>('MEDIUM');
  const [crew, setCrew] = useState<number | ''>('');
  const crews = useGetList(
    'Crews',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: open },
  );
  const create = async () => {
    try {
      const made = await http<Made>('POST', '/api/v2/work-orders/from-events', {
        events: selectedIds.map(Number),
        priority,
        ...(crew !== '' && { crew }),
      });
      const { created, alreadyOrdered } = made.result;
      notify(
        [
          translate(sl('ordersCreated'), { smart_count: created.length }),
          ...(alreadyOrdered.length
            ? [translate(sl('ordersAlready'), { smart_count: alreadyOrdered.length })]
            : []),
        ].join('. '),
        { type: created.length ? 'success' : 'info' },
      );
      setOpen(false);
      unselectAll();
      if (created.length) redirect('list', 'WorkOrders');
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return (
    <>
      <Button size="small" startIcon={<EngineeringIcon />} onClick={() => setOpen(true)}>
        {translate(sl('ordersFromEvents'))}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>
          {translate(sl('ordersFromEventsTitle'), { smart_count: selectedIds.length })}
        </DialogTitle>
        <DialogContent data-testid="orders-from-events">
          <DialogContentText>{translate(sl('ordersFromEventsHint'))}</DialogContentText>
          <TextField
            select
            fullWidth
            margin="dense"
            label={translate(sl('ordersPriority'))}
            value={priority}
            onChange={(e) => setPriority(e.target.value as WorkOrderPriority)}
          >
            {WORK_ORDER_PRIORITIES.map((p) => (
              <MenuItem key={p} value={p}>
                {translate(`sl.${p}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            fullWidth
            margin="dense"
            label={translate(sl('ordersCrew'))}
            value={crew}
            onChange={(e) => setCrew(e.target.value === '' ? '' : Number(e.target.value))}
          >
            <MenuItem value="">{translate(sl('ordersNoCrew'))}</MenuItem>
            {(crews.data ?? []).map((c) => (
              <MenuItem key={c.id} value={Number(c.id)}>
                {String(c.name)}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={() => void create()}>
            {translate(sl('ordersCreate'))}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
