import { EditButton, TopToolbar } from 'react-admin';
import { entity } from '@sl/domain';
import { canDo } from '../../providers/auth-provider.ts';
import { FieldVisibilityButton } from '../../resources/field-visibility.tsx';

/** Above a device's screen: which of its fields the user sees, and its edit form. */
export function DetailActions({ entityName }: { entityName: string }) {
  const fields = Object.entries(entity(entityName).fields)
    .filter(([, f]) => !f.writeOnly)
    .map(([name]) => name);
  return (
    <TopToolbar>
      <FieldVisibilityButton entity={entityName} fields={fields} />
      {canDo(entityName, 'edit') && <EditButton />}
    </TopToolbar>
  );
}
