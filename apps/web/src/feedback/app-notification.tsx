import CloseIcon from '@mui/icons-material/Close';
import { IconButton } from '@mui/material';
import { LIMITS } from '@sl/domain';
import { Notification, useCloseNotification, useTranslate } from 'react-admin';

function CloseAction() {
  const close = useCloseNotification();
  const translate = useTranslate();
  return (
    <IconButton size="small" color="inherit" aria-label={translate('ra.action.close')} onClick={close}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

/** Notifications stay 10 s (spec §8, §9) and can be closed sooner. */
export const AppNotification = () => (
  <Notification autoHideDuration={LIMITS.notificationMs} action={<CloseAction />} />
);
