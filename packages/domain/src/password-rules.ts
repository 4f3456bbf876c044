// Password rules for creating or changing a password (spec §5 form messages).

export const PASSWORD_MIN_LENGTH = 8;
/** fewer different characters than this (ignoring case) is a repeated pattern, however long: `aaaaaaa1`, `abab1212` */
export const PASSWORD_MIN_DISTINCT = 5;

export type PasswordProblem =
  'passwordRequired' | 'passwordTooShort' | 'passwordNotDifficult' | 'passwordsNotEqual';

export function passwordProblem(
  login: string | undefined,
  password: string | undefined,
  confirmation?: string,
): PasswordProblem | undefined {
  if (!password) return 'passwordRequired';
  if (password.length < PASSWORD_MIN_LENGTH) return 'passwordTooShort';
  const sameAsLogin = login !== undefined && password.toLowerCase() === login.toLowerCase();
  const distinct = new Set(password.toLowerCase()).size;
  if (!/\p{L}/u.test(password) || !/\d/.test(password) || sameAsLogin || distinct < PASSWORD_MIN_DISTINCT)
    return 'passwordNotDifficult';
  if (confirmation !== undefined && confirmation !== password) return 'passwordsNotEqual';
  return undefined;
}
