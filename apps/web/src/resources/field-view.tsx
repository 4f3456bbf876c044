import { BooleanField, FunctionField, useResourceContext } from 'react-admin';
import { entity, isScalar, type Field } from '@sl/domain';
import { NestedValue, SubValue } from './nested-value.tsx';
import { recordTitle } from './record-title.ts';
import { StatusLabel } from './status-label.tsx';

type Row = Record<string, unknown>;

// Datagrid and SimpleShowLayout read `source` and `sortable` off their direct children for headers and labels.
export function FieldView({ source: name, field }: { source: string; field: Field; sortable?: boolean }) {
  const sortable = isScalar(field);
  const resource = useResourceContext();
  if (name === 'cl_status') return <StatusLabel source={name} />;
  if (resource && field.kind === 'object' && entity(resource).titleField === name)
    return <FunctionField source={name} sortable={false} render={recordTitle(resource)} />;
  switch (field.kind) {
    case 'bool':
      return <BooleanField source={name} sortable={sortable} />;
    case 'object':
    case 'list':
    case 'json':
    case 'point':
      return (
        <FunctionField
          source={name}
          sortable={false}
          render={(r: Row) => <NestedValue field={field} value={r[name]} />}
        />
      );
    default:
      return (
        <FunctionField
          source={name}
          sortable={sortable}
          render={(r: Row) => <SubValue name={name} field={field} record={r} />}
        />
      );
  }
}
