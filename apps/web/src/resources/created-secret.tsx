import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useNotify, useRedirect, useTranslate, type RaRecord } from 'react-admin';
import { sl } from '../i18n/messages.ts';
import { SecretShown, type Issued } from './secret-shown.tsx';

/**
 * Creating a controller commissions it: the create answer carries its first broker secret, which is shown here
 * once before the console moves on to the list, as every create does.
 */
export function useCreatedSecret(resource: string) {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [issued, setIssued] = useState<Issued>();
  const onSuccess = (data: RaRecord & Partial<Issued>) => {
    notify('ra.notification.created', { type: 'info', messageArgs: { smart_count: 1 } });
    if (data.secret && data.username) setIssued({ username: data.username, secret: data.secret });
    else redirect('list', resource);
  };
  const close = () => {
    setIssued(undefined);
    redirect('list', resource);
  };
  const dialog = (
    <Dialog open={Boolean(issued)} onClose={close} data-testid="secret-dialog">
      <DialogTitle>{translate(sl('secretIssue'))}</DialogTitle>
      <DialogContent>{issued && <SecretShown issued={issued} />}</DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
  return { mutationOptions: { onSuccess }, dialog };
}
