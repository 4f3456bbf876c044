import { useEffect, useState } from 'react';
import { HttpError } from 'react-admin';

export type Answered<T> =
  | { state: 'loading'; last?: T }
  | { state: 'done'; value: T }
  | { state: 'invalid'; last?: T; message?: string }
  | { state: 'failed'; last?: T; message?: string };

/**
 * The answer of `ask` for the latest `key`: an answer to an older key is dropped, and the last good answer stays
 * on screen (greyed by the caller) while the next one is on its way.
 */
export function useAnswer<T>(key: string | undefined, ask: () => Promise<T>): Answered<T> {
  const [answer, setAnswer] = useState<Answered<T>>({ state: 'loading' });
  useEffect(() => {
    if (key === undefined) return;
    let gone = false;
    setAnswer((a) => ({ state: 'loading', last: a.state === 'done' ? a.value : a.last }));
    ask().then(
      (value) => !gone && setAnswer({ state: 'done', value }),
      (err: unknown) => {
        if (gone) return;
        const invalid = err instanceof HttpError && err.status === 400;
        // the server's catalogue message is already in the user's language; a network failure has none
        const message =
          err instanceof HttpError && err.body ? (err.body as { message?: string }).message : undefined;
        setAnswer((a) => ({
          state: invalid ? 'invalid' : 'failed',
          message,
          last: a.state === 'done' ? a.value : a.last,
        }));
      },
    );
    return () => {
      gone = true;
    };
    // `ask` is a new closure on each render; `key` says when what it asks changes
  }, [key]);
  return answer;
}
