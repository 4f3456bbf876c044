import type { ComponentType, ReactNode } from 'react';
import { Edit } from 'react-admin';
import { ProfileDraftProvider, ShareProfileDraft } from '../screens/lighting/profile-draft.tsx';
import { canDo } from '../providers/auth-provider.ts';
import { EntityForm } from './entity-form.tsx';
import EntityShow from './entity-show.tsx';
import { ControllerActions } from './controller-actions.tsx';
import { ASIDES, BESIDE_ASIDE } from './asides.tsx';
import { RoleActions } from './roles/role-actions.tsx';
import { useEntity } from './use-entity.ts';
import { WorkOrderSteps } from '../screens/maintenance/work-order-steps.tsx';
import { Open311KeyActions } from '../screens/maintenance/open311-key-actions.tsx';

/** What a detail screen offers beside saving, for the entities that have more. */
const ACTIONS: Partial<Record<string, ReactNode>> = {
  Roles: <RoleActions />,
  Controllers: <ControllerActions />,
  // the order's next steps (start, done, reopen, cancel), beside the form that assigns its crew
  WorkOrders: <WorkOrderSteps />,
  Open311Clients: <Open311KeyActions />,
  // not a button: it shares the form's program with the chart in the aside, and the toolbar is inside the form
  Profiles: <ShareProfileDraft />,
};

/** What holds a detail screen's form and its aside together, for the entities whose aside follows the form. */
const AROUND: Partial<Record<string, ComponentType<{ children: ReactNode }>>> = {
  Profiles: ProfileDraftProvider,
};
const Alone = ({ children }: { children: ReactNode }) => children;

// `/{Entity}/{id}` is the detail screen of spec §2: the form for whoever may edit, the record for the rest.
export default function EntityEdit() {
  const e = useEntity();
  if (!canDo(e.name, 'edit')) return <EntityShow />;
  const Around = AROUND[e.name] ?? Alone;
  return (
    <Around>
      <Edit mutationMode="pessimistic" redirect="list" aside={ASIDES[e.name]} sx={BESIDE_ASIDE}>
        <EntityForm creating={false} actions={ACTIONS[e.name]} />
      </Edit>
    </Around>
  );
}
