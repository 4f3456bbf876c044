import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CssBaseline,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { Language } from '@sl/domain';
import { initialLanguage, storeLanguage } from '../i18n/language.ts';
import { LOGIN_MESSAGES } from '../i18n/login-messages.ts';
import { takeNotice } from '../providers/root-notice.ts';
import { signIn, SignInError, storedProfile } from '../providers/session.ts';
import { LanguageMenu } from './language-menu.tsx';

// The root route (spec §2) is rendered without react-admin so that the first load stays light;
// signing in moves to the Map with a page load (spec §4), which brings the console.
export function LoginApp() {
  // the stored choice also goes to the server as a cookie, so that a refused sign-in is told in this language
  const [lang, setLang] = useState<Language>(() => {
    const initial = initialLanguage();
    storeLanguage(initial);
    return initial;
  });
  useEffect(leaveProtectedUrls, []);
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const t = LOGIN_MESSAGES[lang];
  const [error, setError] = useState(() => {
    const notice = takeNotice();
    return notice ? t[notice] : '';
  });

  const attempt = (credentials: Parameters<typeof signIn>[0]) => {
    setBusy(true);
    setError('');
    signIn(credentials)
      .then(() => window.location.assign('/Map'))
      .catch((err: Error) => {
        setBusy(false);
        // after repeated failures the server asks for a wait, the right password included: say how long
        const wait = err instanceof SignInError ? err.retryAfter : undefined;
        setError(wait ? t.tryAgainIn.replace('{s}', String(wait)) : err.message || t.signInFailed);
      });
  };
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    attempt({ login, password });
  };
  const choose = (l: Language) => {
    storeLanguage(l);
    setLang(l);
  };

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100' }}
    >
      <CssBaseline />
      <Card component="form" onSubmit={submit} sx={{ width: 360 }}>
        <CardContent>
          <Stack spacing={2}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
              <Typography variant="h6" component="h1">
                {t.title}
              </Typography>
              <LanguageMenu lang={lang} onChange={choose} />
            </Stack>
            <Typography variant="subtitle1" component="h2">
              {t.authorization}
            </Typography>
            <TextField
              label={t.login}
              name="login"
              autoComplete="username"
              value={login}
              onChange={(e) => setLogin(e.target.value)}
              required
            />
            <TextField
              label={t.password}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
            {error && <Alert severity="error">{error}</Alert>}
            <Button type="submit" variant="contained" disabled={busy}>
              {t.signIn}
            </Button>
            <Button variant="outlined" disabled={busy} onClick={() => attempt('demo')}>
              {t.demo}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

/**
 * Back after a sign-out may bring one of the console's addresses into this page without loading it, the login form
 * then standing under a protected URL. Such an address is loaded for real when someone is signed in, and
 * otherwise replaced by the root.
 */
function leaveProtectedUrls() {
  const leave = () => {
    if (window.location.pathname !== '/')
      window.location.replace(storedProfile() ? window.location.href : '/');
  };
  window.addEventListener('popstate', leave);
  window.addEventListener('pageshow', leave);
  return () => {
    window.removeEventListener('popstate', leave);
    window.removeEventListener('pageshow', leave);
  };
}
