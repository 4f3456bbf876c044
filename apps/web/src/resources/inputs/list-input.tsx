import { ArrayInput, SimpleFormIterator, TextInput, useLocaleState } from 'react-admin';
import { fieldLabel, type Field, type Language } from '@sl/domain';
import { isEditable, type NestedInputProps } from './field-input-props.ts';

const toText = (v: unknown) => (Array.isArray(v) ? v.join(', ') : '');
const toNumbers = (v: string) =>
  v
    .split(/[,;\s]+/)
    .filter(Boolean)
    .map((s) => (Number.isFinite(Number(s)) ? Number(s) : s));
const toWords = (v: string) => v.split(/[,;\s]+/).filter(Boolean);

/** A list of records edited row by row (sockets, schedule rows, rules); a list of values as one line. */
export function ListInput({ source, field, creating, label, Nested }: NestedInputProps) {
  const [locale] = useLocaleState();
  if (field.kind !== 'list') return null;
  const of = field.of;
  if (of.kind !== 'object') {
    const numeric = of.kind === 'int' || of.kind === 'float' || of.kind === 'intEnum';
    return <TextInput source={source} label={label} format={toText} parse={numeric ? toNumbers : toWords} />;
  }
  return (
    <ArrayInput source={source} label={label}>
      <SimpleFormIterator inline disableReordering>
        {Object.entries(of.fields)
          .filter(([, f]: [string, Field]) => isEditable(f))
          .map(([sub, f]) => (
            <Nested
              key={sub}
              source={sub}
              field={f}
              creating={creating}
              label={fieldLabel(sub, locale as Language)}
            />
          ))}
      </SimpleFormIterator>
    </ArrayInput>
  );
}
