import { useRef, useState } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import { uploadSchedule, type UploadAnswer } from './schedule-api.ts';

/** The server's bounds on an upload (schedule-file.ts): what a refusal for its size says. */
const LIMITS = { lines: 100_000, file: 2, workbook: 32 };
const REFUSALS: Record<string, 'scheduleTooManyLines' | 'scheduleTooLarge'> = {
  tooManyLines: 'scheduleTooManyLines',
  tooLarge: 'scheduleTooLarge',
};

/** Uploads a CSV or workbook (for one controller or several); the answer, written or not, lists every line not written with its reason. */
export function ScheduleUpload({
  controllers,
  onUploaded,
}: {
  controllers: number[];
  onUploaded: () => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const input = useRef<HTMLInputElement>(null);
  const [answer, setAnswer] = useState<UploadAnswer>();
  const upload = async (file: File | undefined) => {
    if (!file) return;
    const got = await uploadSchedule(controllers, file);
    if (input.current) input.current.value = '';
    setAnswer(got);
    if (got.ok) onUploaded();
  };
  return (
    <>
      <Button startIcon={<UploadFileIcon />} onClick={() => input.current?.click()}>
        {translate(sl('scheduleUpload'))}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,.xlsx,text/csv,text/plain"
        hidden
        data-testid="schedule-upload-input"
        onChange={(e) => void upload(e.target.files?.[0])}
      />
      {answer && (
        <Dialog open onClose={() => setAnswer(undefined)} maxWidth="sm" fullWidth>
          <DialogTitle>{translate(sl('scheduleUpload'))}</DialogTitle>
          <DialogContent data-testid="schedule-upload-report">
            <Alert severity={answer.ok ? 'success' : 'error'} sx={{ mb: 1 }}>
              {answer.ok
                ? translate(sl('scheduleUploaded'), { ...answer, smart_count: answer.days })
                : `${translate(sl('scheduleUploadRefused'))}: ${
                    answer.reason && REFUSALS[answer.reason]
                      ? translate(sl(REFUSALS[answer.reason]!), {
                          ...LIMITS,
                          lines: LIMITS.lines.toLocaleString(locale),
                        })
                      : answer.message
                  }`}
            </Alert>
            {answer.lines.length > 0 && (
              <Typography variant="subtitle2">{translate(sl('scheduleLinesNotWritten'))}</Typography>
            )}
            {answer.lines.map((p) => (
              <Typography
                key={`${p.sheet}-${p.line}-${p.column}`}
                variant="body2"
                data-testid="schedule-line"
              >
                {translate(sl('scheduleLine'), {
                  line: p.line,
                  sheet: p.sheet ? ` (${p.sheet})` : '',
                  column: translate(`sl.scheduleColumn_${p.column}`),
                  reason: `${translate(`sl.scheduleReason_${p.reason}`)}, ${translate(`sl.scheduleOutcome_${p.outcome}`)}`,
                })}
              </Typography>
            ))}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setAnswer(undefined)}>{translate('ra.action.close')}</Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
