// Password rules for creating or changing a password (spec §5 form messages).

export const PASSWORD_MIN_LENGTH = 8;

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
  if (!/\p{L}/u.test(password) || !/\d/.test(password) || sameAsLogin) return 'passwordNotDifficult';
  if (confirmation !== undefined && confirmation !== password) return 'passwordsNotEqual';
  return undefined;
}
