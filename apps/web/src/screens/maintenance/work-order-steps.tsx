import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { mayMoveWorkOrder, type WorkOrderStatus } from '@sl/domain';
import { sl, type MessageKey } from '../../i18n/messages.ts';
import { canDo } from '../../providers/auth-provider.ts';
import { http } from '../../providers/http.ts';

// the steps an operator takes an order through, each a state it moves to (assigning is the crew's choice in the form)
const STEPS: { to: WorkOrderStatus; label: MessageKey; reason?: true }[] = [
  { to: 'IN_PROGRESS', label: 'orderStart' },
  { to: 'DONE', label: 'orderDone' },
  { to: 'VERIFIED', label: 'orderVerify' },
  { to: 'REOPENED', label: 'orderReopen', reason: true },
  { to: 'CANCELLED', label: 'orderCancel', reason: true },
];

/** The next steps of the order on screen, as far as its state and the user's rights go. */
export function WorkOrderSteps() {
  const record = useRecordContext<{ id: number; status: WorkOrderStatus }>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState<(typeof STEPS)[number]>();
  const [reason, setReason] = useState('');
  if (!record || !canDo('WorkOrders', 'edit')) return null;
  const move = async (to: WorkOrderStatus, why?: string) => {
    try {
      await http('PATCH', `/api/v1/WorkOrders/${record.id}`, { status: to, ...(why && { reason: why }) });
      notify(translate(sl('orderMoved'), { status: translate(`sl.${to}`) }), { type: 'success' });
      setAsking(undefined);
      setReason('');
      refresh();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return (
    <>
      {STEPS.filter((s) => s.to !== record.status && mayMoveWorkOrder(record.status, s.to)).map((s) => (
        <Button
          key={s.to}
          size="small"
          variant={s.reason ? 'text' : 'contained'}
          onClick={() => (s.reason ? setAsking(s) : void move(s.to))}
        >
          {translate(sl(s.label))}
        </Button>
      ))}
      <Dialog open={asking !== undefined} onClose={() => setAsking(undefined)} fullWidth maxWidth="xs">
        <DialogTitle>{asking && translate(sl(asking.label))}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            margin="dense"
            label={translate(sl('orderReason'))}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(undefined)}>{translate('ra.action.cancel')}</Button>
          <Button
            variant="contained"
            disabled={!reason.trim()}
            onClick={() => asking && void move(asking.to, reason.trim())}
          >
            {asking && translate(sl(asking.label))}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
