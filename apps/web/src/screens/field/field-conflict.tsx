import { Alert, AlertTitle, Button, Typography } from '@mui/material';
import type { Conflict } from './field-sync.ts';
import type { FieldText } from './field-text.ts';

const ACTION_WORDS = { start: 'fieldStart', done: 'fieldDone', replace: 'fieldReplace' } as const;

/** What the server refused of an order, kept until the crew member has read it. */
export function ConflictNotice({
  conflict,
  text,
  onDismiss,
}: {
  conflict: Conflict;
  text: FieldText;
  onDismiss(): void;
}) {
  const actions = conflict.actions.map((a) => text.t(ACTION_WORDS[a.kind])).join(', ');
  return (
    <Alert severity="error" data-testid="field-conflict">
      <AlertTitle>{text.t('fieldConflict')}</AlertTitle>
      <Typography sx={{ fontWeight: 600 }}>{conflict.title}</Typography>
      <Typography>
        {conflict.gone
          ? text.t('fieldConflictGone')
          : conflict.status && text.t('fieldConflictNow', { status: text.value(conflict.status) })}
      </Typography>
      <Typography>{text.t('fieldConflictActions', { actions })}</Typography>
      <Typography variant="body2">{conflict.message}</Typography>
      <Button variant="outlined" color="inherit" onClick={onDismiss} sx={{ mt: 1 }}>
        {text.t('fieldConflictDismiss')}
      </Button>
    </Alert>
  );
}
