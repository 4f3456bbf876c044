import { SelectInput } from 'react-admin';
import { fieldLabel, type Entity, type Field, type Language } from '@sl/domain';
import { useValueText } from './value-text.ts';

type ChoiceFilterProps = { source: string; field: Field; label: string };

// a flag's choice is a word in the query (`breakersOn.A=false`), as the server parses it
const valuesOf = (field: Field): readonly (string | number)[] =>
  field.kind === 'enum' || field.kind === 'intEnum'
    ? field.values
    : field.kind === 'bool'
      ? ['true', 'false']
      : [];

function ChoiceFilter({ source, field, label }: ChoiceFilterProps) {
  const valueText = useValueText();
  const choices = valuesOf(field).map((v) => ({
    id: v,
    name: valueText(field, field.kind === 'bool' ? v === 'true' : v),
  }));
  return <SelectInput source={source} label={label} choices={choices} translateChoice={false} />;
}

/**
 * The list filters a declaration offers (`filter: true`): a choice among an enum's values, or one per flag of an
 * object (`breakersOn.A`), labelled in the chosen language.
 */
export function declaredFilters(e: Entity, lang: Language) {
  return Object.entries(e.fields).flatMap(([name, f]) => {
    if (!f.filter) return [];
    const label = fieldLabel(name, lang, e.name);
    if (f.kind !== 'object') return [<ChoiceFilter key={name} source={name} field={f} label={label} />];
    return Object.entries(f.fields).map(([part, inner]) => (
      <ChoiceFilter
        key={`${name}.${part}`}
        source={`${name}.${part}`}
        field={inner}
        label={`${label}: ${part}`}
      />
    ));
  });
}
