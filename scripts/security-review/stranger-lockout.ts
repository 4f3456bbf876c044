import { fromAddress, type Reply } from './from-address.ts';
import { sleep, type Finding } from './review-kit.ts';

const STRANGERS = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6'];
const OWNER = '127.0.0.9';
const ATTACK_MS = 60_000;
/** the owner's pace: under the 20 sign-ins a minute each address is allowed */
const OWNER_EVERY_MS = 4000;

/**
 * Issue 30 item 4: strangers at five addresses send wrong passwords for `admin` at the pace the 429s allow, while
 * the owner signs in from an address of their own every few seconds. The owner must get in every time.
 */
export async function lockoutFromMany(url: string, password: string): Promise<Finding> {
  const until = Date.now() + ATTACK_MS;
  const perAddress = new Map<string, number>();
  let guesses = 0;
  let refused = 0;
  let unanswered = 0;
  // a sign-in left unanswered for 30 s is counted, not thrown
  const signIn = (address: string, password: string) =>
    fromAddress(url, address, 'POST', '/auth/sign-in', { login: 'admin', password }).catch((): Reply => ({
      status: 0,
      retryAfter: 0,
      body: undefined,
      ms: 30_000,
    }));
  const stranger = async (address: string) => {
    for (let i = 0; Date.now() < until; i++) {
      const r = await signIn(address, `wrong-${address}-${i}`);
      guesses += 1;
      if (r.status === 0) unanswered += 1;
      if (r.status === 401) perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
      if (r.status === 429) refused += 1;
      if (r.status === 429) await sleep(Math.min(r.retryAfter * 1000 || 1000, until - Date.now()));
    }
  };
  const owner = { tries: 0, in: 0, slowest: 0, answers: new Map<number, number>() };
  const signIns = async () => {
    while (Date.now() < until) {
      const r = await signIn(OWNER, password);
      owner.tries += 1;
      owner.answers.set(r.status, (owner.answers.get(r.status) ?? 0) + 1);
      if (r.status === 200) owner.in += 1;
      owner.slowest = Math.max(owner.slowest, r.ms);
      await sleep(OWNER_EVERY_MS);
    }
  };
  await Promise.all([...STRANGERS.map(stranger), signIns()]);
  const checked = [...perAddress.values()];
  return {
    attack: `lock the administrator out from ${STRANGERS.length} addresses at once (${ATTACK_MS / 1000} s), the owner signing in from another`,
    attempts: owner.tries,
    through: owner.tries - owner.in,
    seen:
      `the owner got in ${owner.in} of ${owner.tries} times (slowest ${owner.slowest} ms); the strangers sent ` +
      `${guesses} wrong passwords, ${refused} answered 429, ${unanswered} unanswered in 30 s, at most ` +
      `${Math.max(0, ...checked)} checked per address; the owner's answers: ${[...owner.answers].map(([s, n]) => `${n} × ${s}`).join(', ')}`,
  };
}
