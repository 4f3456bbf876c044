import { PasswordInput, useTranslate } from 'react-admin';
import { passwordProblem } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import type { FieldInputProps } from './field-input-props.ts';
import { at, sibling } from './paths.ts';

type Values = Record<string, unknown>;

/** A password and its repetition, checked by the shared password rules (spec §5); empty on edit keeps it. */
export function PasswordPairInput({ source, creating, label }: FieldInputProps) {
  const translate = useTranslate();
  const confirmation = `${source}Confirm`;
  const checkPassword = (value: string | undefined, values: Values) => {
    if (!creating && !value) return undefined;
    const problem = passwordProblem(at(values, sibling(source, 'login')) as string | undefined, value);
    return problem && sl(problem);
  };
  const checkConfirmation = (value: string | undefined, values: Values) =>
    (at(values, source) || value) && value !== at(values, source) ? sl('passwordsNotEqual') : undefined;
  return (
    <>
      <PasswordInput
        source={source}
        label={label ?? (creating ? undefined : translate(sl('newPassword')))}
        validate={checkPassword}
        autoComplete="new-password"
      />
      <PasswordInput
        source={confirmation}
        label={translate(sl('passwordConfirm'))}
        validate={checkConfirmation}
        autoComplete="new-password"
      />
    </>
  );
}
