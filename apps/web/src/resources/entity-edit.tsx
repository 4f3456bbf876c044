import type { ReactNode } from 'react';
import { Edit } from 'react-admin';
import { canDo } from '../providers/auth-provider.ts';
import { EntityForm } from './entity-form.tsx';
import EntityShow from './entity-show.tsx';
import { ControllerActions } from './controller-actions.tsx';
import { ASIDES, BESIDE_ASIDE } from './asides.tsx';
import { RoleActions } from './roles/role-actions.tsx';
import { useEntity } from './use-entity.ts';

/** What a detail screen offers beside saving, for the entities that have more. */
const ACTIONS: Partial<Record<string, ReactNode>> = {
  Roles: <RoleActions />,
  Controllers: <ControllerActions />,
};

// `/{Entity}/{id}` is the detail screen of spec §2: the form for whoever may edit, the record for the rest.
export default function EntityEdit() {
  const e = useEntity();
  if (!canDo(e.name, 'edit')) return <EntityShow />;
  return (
    <Edit mutationMode="pessimistic" redirect="list" aside={ASIDES[e.name]} sx={BESIDE_ASIDE}>
      <EntityForm creating={false} actions={ACTIONS[e.name]} />
    </Edit>
  );
}
