import { Edit } from 'react-admin';
import { canDo } from '../providers/auth-provider.ts';
import { EntityForm } from './entity-form.tsx';
import EntityShow from './entity-show.tsx';
import { RoleActions } from './roles/role-actions.tsx';
import { useEntity } from './use-entity.ts';

// `/{Entity}/{id}` is the detail screen of spec §2: the form for whoever may edit, the record for the rest.
export default function EntityEdit() {
  const e = useEntity();
  if (!canDo(e.name, 'edit')) return <EntityShow />;
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <EntityForm creating={false} actions={e.name === 'Roles' ? <RoleActions /> : undefined} />
    </Edit>
  );
}
