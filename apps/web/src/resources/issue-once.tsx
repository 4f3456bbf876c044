import { useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';

/**
 * A secret the server issues and shows once (a controller's broker secret, an Open311 application's API key): the
 * button opens a dialog that says what issuing does, issues on the user's word and shows what came back until it is
 * closed. The server keeps only a hash; closing the dialog loses the secret.
 */
export function IssueOnce<T>({
  label,
  what,
  doLabel,
  issue,
  shown,
  testId,
}: {
  label: string;
  what: string;
  doLabel: string;
  issue: () => Promise<T>;
  shown: (issued: T) => ReactNode;
  testId: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [issued, setIssued] = useState<T>();
  const run = async () => {
    try {
      setIssued(await issue());
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
      <Button onClick={() => setOpen(true)} data-testid={`${testId}-open`}>
        {label}
      </Button>
      <Dialog open={open} onClose={close} data-testid={`${testId}-dialog`}>
        <DialogTitle>{label}</DialogTitle>
        <DialogContent>
          {issued !== undefined ? shown(issued) : <DialogContentText>{what}</DialogContentText>}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>
            {translate(issued !== undefined ? 'ra.action.close' : 'ra.action.cancel')}
          </Button>
          {issued === undefined && (
            <Button variant="contained" onClick={() => void run()}>
              {doLabel}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
