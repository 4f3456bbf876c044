import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useInput, useNotify, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import type { AccessRights } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import { http } from '../../providers/http.ts';

type Enveloped<T> = { error: false; result: T };

/** Role lists offer `default` (spec §6): fill the matrix with the rights a new role starts from. */
export function DefaultRightsButton() {
  const translate = useTranslate();
  const rights = useInput({ source: 'accessRights' });
  const fill = async () => {
    const { result } = await http<Enveloped<{ accessRights: AccessRights }>>('GET', '/api/v2/roles/default');
    rights.field.onChange(result.accessRights);
  };
  return <Button onClick={() => void fill()}>{translate(sl('rightsDefault'))}</Button>;
}

/** Role lists offer `copy` (spec §6): a new role with this one's rights under another name. */
export function RoleActions() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const record = useRecordContext();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const copy = async () => {
    try {
      const { result } = await http<Enveloped<{ _id: number }>>('POST', '/api/v2/roles/copy', {
        _id: record?._id,
        name,
      });
      setOpen(false);
      notify(sl('roleCopied'), { type: 'success' });
      redirect('edit', 'Roles', result._id);
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>{translate(sl('roleCopy'))}</Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>{translate(sl('roleCopy'))}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            label={translate(sl('roleCopyName'))}
            value={name}
            onChange={(e) => setName(e.target.value)}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={!name} onClick={() => void copy()}>
            {translate(sl('roleCopy'))}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
