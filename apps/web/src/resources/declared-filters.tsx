import { AutocompleteInput, ReferenceInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { fieldLabel, type DeviceState, type Entity, type Field, type Language } from '@sl/domain';
import { sl, type MessageKey } from '../i18n/messages.ts';
import { canDo } from '../providers/auth-provider.ts';
import { STATUS_LABELS } from './status-label.tsx';
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

/** A device's state as the map's legend names it, or lit by day. */
const STATE_LABELS: Record<DeviceState, MessageKey> = { ...STATUS_LABELS, burningByDay: 'stateBurningByDay' };

function StateFilter({ source, field, label }: ChoiceFilterProps) {
  const translate = useTranslate();
  const choices = valuesOf(field).map((v) => ({
    id: v,
    name: translate(sl(STATE_LABELS[v as DeviceState])),
  }));
  return <SelectInput source={source} label={label} choices={choices} translateChoice={false} />;
}

/** One filter of a list by its field's kind; none for a kind it cannot offer, or a reference the user cannot list. */
function filterInput(source: string, field: Field, label: string) {
  if (source === 'state') return <StateFilter key={source} source={source} field={field} label={label} />;
  if (field.kind === 'text') return <TextInput key={source} source={source} label={label} />;
  if (field.kind === 'ref') {
    if (!canDo(field.entity, 'list')) return [];
    return (
      <ReferenceInput key={source} source={source} reference={field.entity} label={label}>
        <AutocompleteInput label={label} sx={{ minWidth: 220 }} />
      </ReferenceInput>
    );
  }
  return <ChoiceFilter key={source} source={source} field={field} label={label} />;
}

/**
 * The list filters a declaration offers: its fields marked `filter: true` (a choice among an enum's values, one per
 * flag of an object, `breakersOn.A`, a reference's record) and the filters the server works out (`filters`: a
 * device's state, its street, controller, cabinet, phase), labelled in the chosen language.
 */
export function declaredFilters(e: Entity, lang: Language) {
  const own = Object.entries(e.fields).flatMap(([name, f]) => {
    if (!f.filter || e.filters?.[name]) return [];
    const label = fieldLabel(name, lang, e.name);
    if (f.kind !== 'object') return [filterInput(name, f, label)];
    return Object.entries(f.fields).map(([part, inner]) => (
      <ChoiceFilter
        key={`${name}.${part}`}
        source={`${name}.${part}`}
        field={inner}
        label={`${label}: ${part}`}
      />
    ));
  });
  const worked = Object.entries(e.filters ?? {}).flatMap(([name, f]) =>
    filterInput(name, f, fieldLabel(name, lang, e.name)),
  );
  return [...worked, ...own].flat();
}
