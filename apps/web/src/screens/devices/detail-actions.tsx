import { EditButton, TopToolbar } from 'react-admin';
import { entity } from '@sl/domain';
import { canDo } from '../../providers/auth-provider.ts';
import { FieldVisibilityButton } from '../../resources/field-visibility.tsx';
import { WorkOrderSteps } from '../maintenance/work-order-steps.tsx';

/** Above a record's screen: a work order's next steps, which of its fields the user sees, and its edit form. */
export function DetailActions({ entityName }: { entityName: string }) {
  const fields = Object.entries(entity(entityName).fields)
    .filter(([, f]) => !f.writeOnly)
    .map(([name]) => name);
  return (
    <TopToolbar>
      {entityName === 'WorkOrders' && <WorkOrderSteps />}
      <FieldVisibilityButton entity={entityName} fields={fields} />
      {canDo(entityName, 'edit') && <EditButton />}
    </TopToolbar>
  );
}
