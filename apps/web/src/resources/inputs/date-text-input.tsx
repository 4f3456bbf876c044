import { FieldTitle, InputHelperText, useInput, useResourceContext, type Validator } from 'react-admin';
import { DateTextField, InstantTextField } from './date-text-field.tsx';

type Props = {
  source: string;
  kind: 'day' | 'time' | 'timestamp';
  label?: string;
  validate?: Validator | Validator[];
  defaultValue?: unknown;
  alwaysOn?: boolean;
};

const WIDTHS = { time: 160, day: 200, timestamp: 260 };

/**
 * A form's or filter's day, time or instant in the chosen language's writing. Text that is none of the kind is
 * kept as the field's value, so the kind's check refuses it and nothing is sent.
 */
export function DateTextInput({ source, kind, label, validate, defaultValue }: Props) {
  const resource = useResourceContext();
  const {
    id,
    field,
    fieldState: { error, invalid },
    isRequired,
  } = useInput({ source, validate, defaultValue });
  const common = {
    id,
    name: field.name,
    size: 'small' as const,
    className: `ra-input ra-input-${source}`,
    label: <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />,
    onBlur: field.onBlur,
    onUnreadable: (text: string) => field.onChange(text),
    onChange: (v: string | null) => field.onChange(v),
    error: invalid,
    helperText: invalid ? <InputHelperText error={error?.message} /> : undefined,
    sx: { width: WIDTHS[kind] },
  };
  const value = (field.value as string | null | undefined) ?? null;
  return kind === 'timestamp' ? (
    <InstantTextField {...common} value={value} />
  ) : (
    <DateTextField {...common} kind={kind} value={value} />
  );
}
