import { Alert, TextField } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import { http } from '../../providers/http.ts';
import { IssueOnce } from '../../resources/issue-once.tsx';

/**
 * An Open311 application's API key: issuing one replaces the key it had; it is shown once in this dialog, and the
 * server keeps only its hash.
 */
export function Open311KeyActions() {
  const translate = useTranslate();
  const record = useRecordContext();
  return (
    <IssueOnce<string>
      testId="open311-key"
      label={translate(sl('open311KeyIssue'))}
      what={translate(sl('open311KeyWhat'))}
      doLabel={translate(sl('open311KeyDo'))}
      issue={async () =>
        (await http<{ result: { key: string } }>('POST', `/api/v2/open311/clients/${record?._id}/key`)).result
          .key
      }
      shown={(key) => (
        <>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {translate(sl('open311KeyIssued'))}
          </Alert>
          <TextField
            label={translate(sl('open311Key'))}
            value={key}
            fullWidth
            slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'open311-key' } }}
            onFocus={(e) => e.target.select()}
          />
        </>
      )}
    />
  );
}
