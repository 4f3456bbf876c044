import type { ComponentType } from 'react';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  DateInput,
  DateTimeInput,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  TimeInput,
  required,
  useTranslate,
} from 'react-admin';
import type { Field } from '@sl/domain';
import { ListInput } from './inputs/list-input.tsx';
import { ObjectInput } from './inputs/object-input.tsx';
import { PasswordPairInput } from './inputs/password-pair-input.tsx';
import { PointInput } from './inputs/point-input.tsx';
import { TimezoneInput } from './inputs/timezone-input.tsx';

type Check = (value: unknown, values: Record<string, unknown>) => string | undefined;
export type FieldInputProps = {
  source: string;
  field: Field;
  creating: boolean;
  label?: string;
  check?: Check;
};

// Raw device payloads are shown, never edited.
export const isEditable = (f: Field) => !f.readOnly && f.kind !== 'json';

/** Where one entity's field needs an editor of its own; keyed `Entity.field`. */
const OVERRIDES: Record<string, ComponentType<FieldInputProps>> = {
  'Cities.timezone': TimezoneInput,
};

export function FieldInput(props: FieldInputProps & { entityName?: string }) {
  const Override = props.entityName && OVERRIDES[`${props.entityName}.${props.source}`];
  return Override ? <Override {...props} /> : <GenericInput {...props} />;
}

function EnumInput({
  source,
  field,
  label,
  validate,
  defaultValue,
}: FieldInputProps & { validate: Check[]; defaultValue: unknown }) {
  const translate = useTranslate();
  if (field.kind !== 'enum' && field.kind !== 'intEnum') return null;
  const choices = field.values.map((v) => ({ id: v, name: translate(`sl.${v}`, { _: String(v) }) }));
  return (
    <SelectInput
      source={source}
      label={label}
      validate={validate}
      choices={choices}
      defaultValue={defaultValue}
    />
  );
}

function GenericInput(props: FieldInputProps) {
  const { source, field, creating, label, check } = props;
  const needed = field.required && (creating || field.kind !== 'password');
  const validate = [needed && required(), check].filter((v): v is Check => Boolean(v));
  const defaultValue = creating ? field.default : undefined;
  const common = { source, label, validate, defaultValue };
  switch (field.kind) {
    case 'text':
      return <TextInput {...common} multiline={(field.max ?? 0) > 500} />;
    case 'int':
      return <NumberInput {...common} step={1} min={field.min} max={field.max} />;
    case 'float':
      return <NumberInput {...common} min={field.min} max={field.max} />;
    case 'bool':
      return <BooleanInput source={source} label={label} defaultValue={defaultValue ?? false} />;
    case 'enum':
    case 'intEnum':
      return <EnumInput {...props} validate={validate} defaultValue={defaultValue} />;
    case 'day':
      return <DateInput {...common} />;
    case 'time':
      return <TimeInput {...common} />;
    case 'timestamp':
      return <DateTimeInput {...common} />;
    case 'password':
      return <PasswordPairInput {...props} />;
    case 'point':
      return <PointInput {...props} />;
    case 'object':
      return <ObjectInput {...props} />;
    case 'list':
      return <ListInput {...props} />;
    case 'ref':
      return (
        <ReferenceInput source={source} reference={field.entity}>
          <AutocompleteInput label={label} validate={validate} />
        </ReferenceInput>
      );
    case 'refs':
      return (
        <ReferenceArrayInput source={source} reference={field.entity}>
          <AutocompleteArrayInput label={label} validate={validate} />
        </ReferenceArrayInput>
      );
    default:
      return null;
  }
}
