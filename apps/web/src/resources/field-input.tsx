import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  DateInput,
  DateTimeInput,
  NumberInput,
  PasswordInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  TimeInput,
  required,
} from 'react-admin';
import { entity, type Field } from '@sl/domain';

// Object, list, point and JSON fields get their own editors later; forms leave them out for now.
export const isEditable = (f: Field) => !f.readOnly && !['object', 'list', 'json', 'point'].includes(f.kind);

export function FieldInput({ name, field, creating }: { name: string; field: Field; creating: boolean }) {
  const validate = field.required && (creating || field.kind !== 'password') ? required() : undefined;
  const common = { source: name, validate };
  switch (field.kind) {
    case 'text':
      return <TextInput {...common} multiline={(field.max ?? 0) > 500} />;
    case 'int':
      return <NumberInput {...common} step={1} min={field.min} max={field.max} />;
    case 'float':
      return <NumberInput {...common} min={field.min} max={field.max} />;
    case 'bool':
      return <BooleanInput source={name} />;
    case 'enum':
      return <SelectInput {...common} choices={field.values.map((v) => ({ id: v, name: v }))} />;
    case 'intEnum':
      return <SelectInput {...common} choices={field.values.map((v) => ({ id: v, name: String(v) }))} />;
    case 'day':
      return <DateInput {...common} />;
    case 'time':
      return <TimeInput {...common} />;
    case 'timestamp':
      return <DateTimeInput {...common} />;
    case 'password':
      return <PasswordInput {...common} />;
    case 'ref':
      return (
        <ReferenceInput source={name} reference={field.entity}>
          <AutocompleteInput optionText={entity(field.entity).titleField} validate={validate} />
        </ReferenceInput>
      );
    case 'refs':
      return (
        <ReferenceArrayInput source={name} reference={field.entity}>
          <AutocompleteArrayInput optionText={entity(field.entity).titleField} validate={validate} />
        </ReferenceArrayInput>
      );
    default:
      return null;
  }
}
