import { useState } from 'react';
import {
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Menu,
  MenuItem,
  TextField,
} from '@mui/material';
import TuneIcon from '@mui/icons-material/Tune';
import LabelIcon from '@mui/icons-material/Label';
import HubIcon from '@mui/icons-material/Hub';
import {
  useGetList,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
  useUnselectAll,
  useUpdateMany,
} from 'react-admin';
import { DEVICE_STATUSES, type Entity } from '@sl/domain';
import { sl } from '../i18n/messages.ts';
import { canDo, mayIn } from '../providers/auth-provider.ts';
import { DimControls } from '../screens/devices/dim-controls.tsx';
import { dimModules } from '../screens/map/map-api.ts';
import { http } from '../providers/http.ts';
import { ConfirmedBulkDelete } from './entity-form.tsx';
import { OrderEventsButton } from '../screens/maintenance/order-events-button.tsx';

/** A device's inventory status (spec §3), which an operator sets for many at once after a site visit. */
const hasInventoryStatus = (e: Entity) => {
  const f = e.fields.status;
  return f?.kind === 'enum' && !f.readOnly && f.values === DEVICE_STATUSES;
};

/** What an operator does with the rows selected in a list, as far as their rights go. */
export function bulkActionsOf(e: Entity) {
  const dim = e.name === 'LuminaryModules' && mayIn('control', 'command', false);
  const status = hasInventoryStatus(e) && canDo(e.name, 'edit');
  const remove = canDo(e.name, 'delete');
  const groupControl = e.name === 'LuminarySupports' && canDo(e.name, 'edit');
  const order = e.name === 'ImportantEvents' && canDo('WorkOrders', 'create');
  if (!dim && !status && !remove && !groupControl && !order) return false;
  return (
    <>
      {dim && <BulkDimButton />}
      {groupControl && <BulkGroupControlButton />}
      {order && <OrderEventsButton />}
      {status && <BulkStatusButton />}
      {remove && <ConfirmedBulkDelete />}
    </>
  );
}

/** Dims the selected modules as one command; the answer says whether every controller confirmed. */
function BulkDimButton() {
  const { selectedIds } = useListContext();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<TuneIcon />} onClick={() => setOpen(true)}>
        {translate(sl('bulkDim'))}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{translate(sl('bulkDimTitle'), { smart_count: selectedIds.length })}</DialogTitle>
        <DialogContent data-testid="bulk-dim">
          <DimControls
            testId="bulk-dim"
            initial={50}
            send={(level) => dimModules(selectedIds.map(Number), level)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Sets one inventory status on every selected record. */
function BulkStatusButton() {
  const { selectedIds, resource } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(resource);
  const [updateMany, { isPending }] = useUpdateMany();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const set = (status: string) => {
    setAnchor(null);
    void updateMany(
      resource,
      { ids: selectedIds, data: { status } },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(sl('bulkStatusDone'), { type: 'success', messageArgs: { smart_count: selectedIds.length } });
          unselectAll();
          refresh();
        },
        onError: (err) => notify((err as Error).message || 'ra.notification.http_error', { type: 'error' }),
      },
    );
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<LabelIcon />}
        disabled={isPending}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {translate(sl('bulkStatus'))}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {DEVICE_STATUSES.map((s) => (
          <MenuItem key={s} onClick={() => set(s)}>
            {translate(`sl.${s}`, { _: s })}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

type Choice = { id: number | null; name: string };

/** Puts every socket of the selected mountings under one group control, or none, as one call. */
function BulkGroupControlButton() {
  const { selectedIds, resource } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(resource);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const none: Choice = { id: null, name: translate(sl('bulkGroupControlNone')) };
  const [choice, setChoice] = useState<Choice | null>(null);
  const { data = [] } = useGetList(
    'GroupControl',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: open },
  );
  const choices: Choice[] = [none, ...data.map((g) => ({ id: Number(g.id), name: String(g.name) }))];
  const apply = async () => {
    if (!choice) return;
    setBusy(true);
    try {
      const answer = await http<{ result: { supports: number; sockets: number } }>(
        'POST',
        '/api/v2/group-controls/assign',
        { supports: selectedIds.map(Number), groupControl: choice.id },
      );
      notify(sl('bulkGroupControlDone'), {
        type: 'success',
        messageArgs: { smart_count: answer.result.supports, sockets: answer.result.sockets },
      });
      setOpen(false);
      unselectAll();
      refresh();
    } catch (err) {
      notify((err as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" startIcon={<HubIcon />} onClick={() => setOpen(true)}>
        {translate(sl('bulkGroupControl'))}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>
          {translate(sl('bulkGroupControlTitle'), { smart_count: selectedIds.length })}
        </DialogTitle>
        <DialogContent data-testid="bulk-group-control">
          <Autocomplete
            sx={{ mt: 1 }}
            options={choices}
            value={choice}
            onChange={(_e, v) => setChoice(v)}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => <TextField {...params} label={translate(sl('bulkGroupControl'))} />}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={!choice || busy} onClick={() => void apply()}>
            {translate(sl('bulkGroupControlApply'))}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
