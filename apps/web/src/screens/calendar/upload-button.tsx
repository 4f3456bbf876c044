import { useRef, useState } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { sl, type MessageKey } from '../../i18n/messages.ts';
import { uploadCalendar, type DaysOf, type UploadAnswer } from './calendar-api.ts';

type Refusal = Extract<UploadAnswer, { ok: false }>;

/** Picks a CSV and uploads it; a refused file's bad lines are listed, each with its column and reason. */
export function UploadButton({ group, onUploaded }: { group: DaysOf; onUploaded: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<Refusal>();
  const upload = async (file: File | undefined) => {
    if (!file) return;
    const answer = await uploadCalendar(await file.text(), group);
    if (input.current) input.current.value = '';
    if (!answer.ok) return setRefusal(answer);
    notify(sl('calendarUploaded'), { type: 'success', messageArgs: answer });
    onUploaded();
  };
  const heading: Record<string, MessageKey> = {
    badLines: 'calendarUploadRefused',
    tooLarge: 'calendarUploadTooLarge',
    empty: 'calendarUploadEmpty',
  };
  return (
    <>
      <Button
        startIcon={<UploadFileIcon />}
        onClick={() => input.current?.click()}
        title={translate(sl('calendarUploadHint'))}
      >
        {translate(sl('calendarUpload'))}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv,text/plain"
        hidden
        data-testid="calendar-upload-input"
        onChange={(e) => void upload(e.target.files?.[0])}
      />
      {refusal && (
        <Dialog open onClose={() => setRefusal(undefined)} maxWidth="sm" fullWidth>
          <DialogTitle>{translate(sl('calendarUpload'))}</DialogTitle>
          <DialogContent>
            <Alert severity="error" sx={{ mb: 1 }}>
              {refusal.reason && heading[refusal.reason]
                ? translate(sl(heading[refusal.reason]!))
                : refusal.message}
            </Alert>
            {refusal.lines.map((p) => (
              <Typography key={`${p.line}-${p.column}`} variant="body2" data-testid="calendar-line-error">
                {translate(sl('calendarLineError'), {
                  line: p.line,
                  column: translate(`sl.calendarColumn_${p.column}`),
                  reason: translate(`sl.calendarReason_${p.reason}`),
                })}
              </Typography>
            ))}
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
              {translate(sl('calendarUploadHint'))}
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setRefusal(undefined)}>{translate('ra.action.close')}</Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
