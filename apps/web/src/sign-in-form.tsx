import { useState } from 'react';
import { api, type Me } from './api.ts';
import type { MessageKey } from './i18n.ts';

type Props = { t: (key: MessageKey) => string; onSignedIn: (me: Me) => void };

export function SignInForm({ t, onSignedIn }: Props) {
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const submit = (attempt: Promise<Me>) =>
    attempt.then(onSignedIn, (err: { body?: { message?: string } }) =>
      setError(err.body?.message ?? t('failed')),
    );
  return (
    <form
      onSubmit={(ev) => {
        ev.preventDefault();
        void submit(api.signIn(login, password));
      }}
      style={{ display: 'flex', gap: '0.5rem', alignItems: 'end', flexWrap: 'wrap' }}
    >
      <label>
        {t('login')}
        <br />
        <input value={login} onChange={(e) => setLogin(e.target.value)} autoComplete="username" required />
      </label>
      <label>
        {t('password')}
        <br />
        <input
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          required
        />
      </label>
      <button type="submit">{t('signIn')}</button>
      <button type="button" onClick={() => void submit(api.demo())}>
        {t('demo')}
      </button>
      {error && (
        <p role="alert" style={{ color: '#b00020', width: '100%' }}>
          {error}
        </p>
      )}
    </form>
  );
}
