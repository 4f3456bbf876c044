import { useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { LocalesMenuButton, useLogin, useNotify, useTranslate } from 'react-admin';
import { sl } from '../i18n/messages.ts';

export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const attempt = (params: object) => {
    setBusy(true);
    login(params, '/Map').catch((err: { message?: string }) => {
      setBusy(false);
      notify(err?.message || sl('signInFailed'), { type: 'error' });
    });
  };
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    attempt({ username, password });
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100' }}>
      <Card component="form" onSubmit={submit} sx={{ width: 360 }}>
        <CardContent>
          <Stack spacing={2}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
              <Typography variant="h6" component="h1">
                {translate(sl('title'))}
              </Typography>
              <LocalesMenuButton />
            </Stack>
            <TextField
              label={translate(sl('login'))}
              name="login"
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              required
            />
            <TextField
              label={translate(sl('password'))}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
            <Button type="submit" variant="contained" disabled={busy}>
              {translate(sl('signIn'))}
            </Button>
            <Button variant="outlined" disabled={busy} onClick={() => attempt({ demo: true })}>
              {translate(sl('demo'))}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
