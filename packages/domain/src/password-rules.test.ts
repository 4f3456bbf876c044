import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-rules.ts';

describe('password rules', () => {
  it.each([
    ['ops', undefined, undefined, 'passwordRequired'],
    ['ops', '', undefined, 'passwordRequired'],
    ['ops', 'abc1', undefined, 'passwordTooShort'],
    ['ops', 'abcdefgh', undefined, 'passwordNotDifficult'],
    ['ops', '12345678', undefined, 'passwordNotDifficult'],
    ['night2026', 'Night2026', undefined, 'passwordNotDifficult'],
    ['ops', 'Фонари2026', undefined, undefined],
    // eight characters that are nearly all the same, or a pattern of a few
    ['ops', 'aaaaaaa1', undefined, 'passwordNotDifficult'],
    ['ops', 'AaAaAaAa11', undefined, 'passwordNotDifficult'],
    ['ops', 'abab1212', undefined, 'passwordNotDifficult'],
    ['ops', 'abcab123', undefined, undefined],
    ['ops', 'lamps2026', 'lamps2027', 'passwordsNotEqual'],
    ['ops', 'lamps2026', 'lamps2026', undefined],
    // no login yet (a new user's form), and exactly the fewest different characters
    [undefined, 'lamps2026', undefined, undefined],
    ['ops', 'abcd1111', undefined, undefined],
    ['ops', 'abca1111', undefined, 'passwordNotDifficult'],
    ['ops', 'abcdef1', undefined, 'passwordTooShort'],
  ] as const)('%s / %s / %s → %s', (login, password, confirm, problem) =>
    expect(passwordProblem(login, password, confirm)).toBe(problem),
  );
});
