import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import { solveEvent } from './events-api.ts';

/** An open event solved by the operator, with the comment that says how. */
export function SolveButton() {
  const record = useRecordContext<{ id: number; status: string }>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [comment, setComment] = useState('');
  if (record?.status !== 'OPEN') return null;
  const solve = async () => {
    try {
      await solveEvent(record.id, comment.trim());
      notify(sl('eventsSolved'), { type: 'success' });
      setOpen(false);
      refresh();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return (
    <>
      <Button
        size="small"
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        {translate(sl('eventsSolve'))}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} onClick={(e) => e.stopPropagation()}>
        <DialogTitle>{translate(sl('eventsSolveTitle'))}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            margin="dense"
            label={translate(sl('eventsComment'))}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate(sl('eventsCancel'))}</Button>
          <Button variant="contained" disabled={!comment.trim()} onClick={() => void solve()}>
            {translate(sl('eventsSolve'))}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
