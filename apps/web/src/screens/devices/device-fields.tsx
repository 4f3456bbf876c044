import { SimpleShowLayout } from 'react-admin';
import { entity } from '@sl/domain';
import { FieldView } from '../../resources/field-view.tsx';
import { useHiddenFields } from '../../resources/field-visibility.tsx';

/** Some of an entity's declared fields, those the user has not hidden, labelled and in their units. */
export function DeviceFields({ entityName, names }: { entityName: string; names: readonly string[] }) {
  const e = entity(entityName);
  const { shown } = useHiddenFields(entityName);
  return (
    <SimpleShowLayout sx={{ p: 0 }}>
      {names
        .filter((n) => e.fields[n] && shown(n))
        .map((n) => (
          <FieldView key={n} source={n} field={e.fields[n]!} />
        ))}
    </SimpleShowLayout>
  );
}
