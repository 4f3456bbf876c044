import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH, passwordProblem, type PasswordProblem } from '@sl/domain';

// The most used passwords, from a maintained list: zxcvbn-ts's common dictionary (@zxcvbn-ts/language-common,
// MIT; about 49,000 passwords ranked by how often they appear in leaks). Only those the length rule lets through
// are kept. Server-side only: the console's bundle does not carry the list, the server's answer names the rule.
let common: Set<string> | undefined;

/** Whether a password (ignoring case) is one of the commonly used ones. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN_LENGTH));
  return common.has(password.toLowerCase());
}

/** The domain's rules, then the common-password list (refused as not difficult enough). */
export function serverPasswordProblem(
  login: string | undefined,
  password: string | undefined,
): PasswordProblem | undefined {
  return (
    passwordProblem(login, password) ??
    (password !== undefined && isCommonPassword(password) ? 'passwordNotDifficult' : undefined)
  );
}
