import { useState } from 'react';
import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { sl } from '../../../i18n/messages.ts';
import { http } from '../../../providers/http.ts';

type Answer = { ok: true; raw: unknown; commandId: number } | { ok: false; message: string };

/** The command must be a JSON object (spec §5); said before it is sent. */
function parsed(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A JSON command to one controller and what it answered (POST /api/v2/controllers/command, archived). */
export function JsonCommand({ controller, onSent }: { controller: number; onSent(): void }) {
  const translate = useTranslate();
  const [text, setText] = useState('{\n  "get": "status"\n}');
  const [busy, setBusy] = useState(false);
  const [answers, setAnswers] = useState<Answer[]>([]);
  const command = parsed(text);
  const send = async () => {
    if (!command) return;
    setBusy(true);
    try {
      const { result } = await http<{ result: { raw: unknown; commandId: number } }>(
        'POST',
        '/api/v2/controllers/command',
        { _id: controller, command },
      );
      setAnswers((a) =>
        [{ ok: true as const, raw: result.raw, commandId: result.commandId }, ...a].slice(0, 5),
      );
    } catch (err) {
      setAnswers((a) => [{ ok: false as const, message: (err as Error).message }, ...a].slice(0, 5));
    } finally {
      setBusy(false);
      onSent();
    }
  };
  return (
    <Box data-testid="json-command">
      <Typography variant="subtitle1" component="h2">
        {translate(sl('controllerJson'))}
      </Typography>
      <TextField
        multiline
        minRows={3}
        fullWidth
        value={text}
        onChange={(e) => setText(e.target.value)}
        label={translate(sl('controllerJsonHint'))}
        error={!command}
        helperText={command ? ' ' : translate(sl('controllerJsonInvalid'))}
        slotProps={{ htmlInput: { 'data-testid': 'json-command-text', spellCheck: false } }}
        sx={{ mt: 1, '& textarea': { fontFamily: 'monospace' } }}
      />
      <Button variant="contained" disabled={!command || busy} onClick={() => void send()}>
        {translate(sl('controllerJsonSend'))}
      </Button>
      {answers.map((a, i) => (
        <Alert key={i} severity={a.ok ? 'success' : 'error'} sx={{ mt: 1 }} data-testid="json-answer">
          {a.ok ? (
            <>
              {translate(sl('controllerJsonAnswer'))}:
              <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {JSON.stringify(a.raw, null, 2)}
              </Box>
            </>
          ) : (
            a.message
          )}
        </Alert>
      ))}
    </Box>
  );
}
