import type { ComponentType } from 'react';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useResourceContext,
  type Validator,
} from 'react-admin';
import { canDo } from '../providers/auth-provider.ts';
import { DateTextInput } from './inputs/date-text-input.tsx';
import { creationDefault } from './inputs/creation-defaults.ts';
import { kindChecks } from './inputs/kind-checks.ts';
import { ListInput } from './inputs/list-input.tsx';
import { ObjectInput } from './inputs/object-input.tsx';
import { PasswordPairInput } from './inputs/password-pair-input.tsx';
import { PointInput } from './inputs/point-input.tsx';
import { ShapeInput } from './inputs/shape-input.tsx';
import { TimezoneInput } from './inputs/timezone-input.tsx';
import { useValueText } from './value-text.ts';
import type { FieldInputProps } from './inputs/field-input-props.ts';

export { isEditable, type FieldInputProps } from './inputs/field-input-props.ts';

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
}: FieldInputProps & { validate: Validator[]; defaultValue: unknown }) {
  const valueText = useValueText();
  if (field.kind !== 'enum' && field.kind !== 'intEnum') return null;
  // each choice named as screens show the value (a phase as A, a twilight code by its method)
  const choices = field.values.map((v) => ({ id: v, name: valueText(field, v) || String(v) }));
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
  const resource = useResourceContext() ?? '';
  const needed = !!field.required && (creating || field.kind !== 'password');
  const validate = [...kindChecks(resource, source, field, needed), ...(check ? [check] : [])];
  const defaultValue = creating ? creationDefault(field) : undefined;
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
    case 'time':
    case 'timestamp':
      return <DateTextInput {...common} kind={field.kind} />;
    case 'password':
      return <PasswordPairInput {...props} />;
    case 'point':
      return <PointInput {...props} />;
    case 'json':
      return <ShapeInput {...props} />;
    case 'object':
      return <ObjectInput {...props} Nested={FieldInput} />;
    case 'list':
      return <ListInput {...props} Nested={FieldInput} />;
    // a click opens the choices; opening on focus too made the click that follows a new row's focus close them
    // the choices of an entity the user may not see would be refused (403, which signs out): its number stays
    case 'ref':
      if (!canDo(field.entity, 'view')) return <NumberInput source={source} label={label} readOnly />;
      return (
        <ReferenceInput source={source} reference={field.entity}>
          <AutocompleteInput
            label={label}
            validate={validate}
            defaultValue={defaultValue}
            openOnFocus={false}
          />
        </ReferenceInput>
      );
    case 'refs':
      if (!canDo(field.entity, 'view')) return <TextInput source={source} label={label} readOnly />;
      return (
        <ReferenceArrayInput source={source} reference={field.entity}>
          <AutocompleteArrayInput label={label} validate={validate} openOnFocus={false} />
        </ReferenceArrayInput>
      );
    default:
      return null;
  }
}
