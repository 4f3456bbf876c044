import { Alert, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { sl } from '../i18n/messages.ts';

export type Issued = { username: string; secret: string };

/** A controller's broker user name and secret, shown this once (the server keeps only the secret's hash). */
export function SecretShown({ issued }: { issued: Issued }) {
  const translate = useTranslate();
  return (
    <>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {translate(sl('secretIssued'))}
      </Alert>
      <TextField
        label={translate(sl('secretUser'))}
        value={issued.username}
        fullWidth
        slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'secret-user' } }}
        sx={{ mb: 2 }}
      />
      <TextField
        label={translate(sl('secretValue'))}
        value={issued.secret}
        fullWidth
        slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'secret-value' } }}
        onFocus={(e) => e.target.select()}
      />
    </>
  );
}
