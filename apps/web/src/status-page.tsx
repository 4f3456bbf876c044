import { useEffect, useState } from 'react';
import { ENTITIES, LANGUAGES, type Language } from '@sl/domain';
import { api, type Me } from './api.ts';
import { initialLanguage, MESSAGES, storeLanguage, type MessageKey } from './i18n.ts';
import { SignInForm } from './sign-in-form.tsx';

type Health = { database: { kind: string; ok: boolean }; broker: { kind: string; connected: boolean } };

// What the platform offers before the console screens exist: its health, sign-in, and what each table holds.
export function StatusPage() {
  const [lang, setLang] = useState<Language>(initialLanguage);
  const [health, setHealth] = useState<Health>();
  const [me, setMe] = useState<Me | null>();
  const [totals, setTotals] = useState<Record<string, number | 'failed'>>({});
  const t = (key: MessageKey) => MESSAGES[lang][key];
  const numbers = new Intl.NumberFormat(lang);

  useEffect(() => {
    document.documentElement.lang = lang === 'ru' ? 'ru' : 'en';
    document.title = t('title');
  });
  useEffect(() => {
    void api.health().then(setHealth);
    void api.me().then((m) => setMe(m ?? null));
  }, []);
  useEffect(() => {
    if (!me) return;
    for (const e of ENTITIES) {
      api.total(e.name, Object.keys(e.fields)[0]!).then(
        (n) => setTotals((prev) => ({ ...prev, [e.name]: n })),
        () => setTotals((prev) => ({ ...prev, [e.name]: 'failed' })),
      );
    }
  }, [me]);

  const state = (ok: boolean | undefined) => (ok === undefined ? t('loading') : ok ? t('ok') : t('down'));
  const shown = (n: number | 'failed' | undefined) =>
    n === undefined ? '…' : n === 'failed' ? '—' : numbers.format(n);
  return (
    <main
      style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 720, margin: '2rem auto', padding: '0 1rem' }}
    >
      <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <h1>{t('title')}</h1>
        <label>
          {t('language')}{' '}
          <select
            value={lang}
            onChange={(ev) => {
              const next = ev.target.value as Language;
              storeLanguage(next);
              setLang(next);
            }}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {l === 'ru' ? 'Русский' : 'English'}
              </option>
            ))}
          </select>
        </label>
      </header>
      <h2>{t('platform')}</h2>
      <ul>
        <li>
          {t('database')} ({health?.database.kind ?? '…'}): {state(health?.database.ok)}
        </li>
        <li>
          {t('broker')} ({health?.broker.kind ?? '…'}): {state(health?.broker.connected)}
        </li>
      </ul>
      {me === null && <SignInForm t={t} onSignedIn={setMe} />}
      {me && (
        <>
          <p>
            {t('signedInAs')} <strong>{me.login}</strong> ({me.group?.name ?? me.type}){' '}
            <button type="button" onClick={() => void api.signOut().then(() => (setMe(null), setTotals({})))}>
              {t('signOut')}
            </button>
          </p>
          <table style={{ borderCollapse: 'collapse', width: '100%' }}>
            <thead>
              <tr>
                <th style={{ textAlign: 'left' }}>{t('entity')}</th>
                <th style={{ textAlign: 'right' }}>{t('records')}</th>
              </tr>
            </thead>
            <tbody>
              {ENTITIES.map((e) => (
                <tr key={e.name} style={{ borderTop: '1px solid #ddd' }}>
                  <td>{e.label[lang]}</td>
                  <td style={{ textAlign: 'right' }}>{shown(totals[e.name])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <p>
        <a href="/api/docs">{t('apiDocs')}</a>
      </p>
    </main>
  );
}
