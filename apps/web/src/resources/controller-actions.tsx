import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { sl } from '../i18n/messages.ts';
import { http } from '../providers/http.ts';
import { SecretShown, type Issued } from './secret-shown.tsx';

/**
 * A controller's broker secret (issue 16 §1): commissioning or rotating issues a new one, shown once in this
 * dialog; the server keeps only its hash, and the old secret stops working at once.
 */
export function ControllerActions() {
  const translate = useTranslate();
  const notify = useNotify();
  const record = useRecordContext();
  const [open, setOpen] = useState(false);
  const [issued, setIssued] = useState<Issued>();
  const issue = async () => {
    try {
      const { result } = await http<{ result: Issued }>('POST', `/api/v2/controllers/${record?._id}/secret`);
      setIssued(result);
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  const close = () => {
    setOpen(false);
    setIssued(undefined);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="secret-open">
        {translate(sl('secretIssue'))}
      </Button>
      <Dialog open={open} onClose={close} data-testid="secret-dialog">
        <DialogTitle>{translate(sl('secretIssue'))}</DialogTitle>
        <DialogContent>
          {issued ? (
            <SecretShown issued={issued} />
          ) : (
            <DialogContentText>{translate(sl('secretIssueWhat'))}</DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate(issued ? 'ra.action.close' : 'ra.action.cancel')}</Button>
          {!issued && (
            <Button variant="contained" onClick={() => void issue()}>
              {translate(sl('secretIssueDo'))}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
