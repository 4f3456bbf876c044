import { Create } from 'react-admin';
import { entity } from '@sl/domain';
import { useCreatedSecret } from './created-secret.tsx';
import { EntityForm } from './entity-form.tsx';
import { DefaultRightsButton } from './roles/role-actions.tsx';
import { useEntity } from './use-entity.ts';

const Controllers = entity('Controllers');

export default function EntityCreate() {
  const e = useEntity();
  const secret = useCreatedSecret(e.name);
  const issuesSecret = e.name === Controllers.name;
  return (
    <Create redirect="list" mutationOptions={issuesSecret ? secret.mutationOptions : undefined}>
      <EntityForm creating actions={e.name === 'Roles' ? <DefaultRightsButton /> : undefined} />
      {issuesSecret && secret.dialog}
    </Create>
  );
}
