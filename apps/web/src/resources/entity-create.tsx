import { Create } from 'react-admin';
import { EntityForm } from './entity-form.tsx';
import { DefaultRightsButton } from './roles/role-actions.tsx';
import { useEntity } from './use-entity.ts';

export default function EntityCreate() {
  const e = useEntity();
  return (
    <Create redirect="list">
      <EntityForm creating actions={e.name === 'Roles' ? <DefaultRightsButton /> : undefined} />
    </Create>
  );
}
