import { BooleanField, FunctionField, useResourceContext } from 'react-admin';
import { entity, isScalar, type Field } from '@sl/domain';
import { NestedValue, SubValue } from './nested-value.tsx';
import { recordTitle } from './record-title.ts';
import { StatusLabel } from './status-label.tsx';
import { useCityTime } from '../screens/devices/city-time.ts';

type Row = Record<string, unknown>;

// an empty value is said to be empty, so a label over nothing does not read as a value still loading
const EMPTY = '—';
const isEmpty = (v: unknown) => v == null || v === '' || (Array.isArray(v) && v.length === 0);

// Datagrid and SimpleShowLayout read `source` and `sortable` off their direct children for headers and labels.
export function FieldView({ source: name, field }: { source: string; field: Field; sortable?: boolean }) {
  const sortable = isScalar(field);
  const resource = useResourceContext();
  if (name === 'cl_status') return <StatusLabel source={name} />;
  if (resource && field.kind === 'object' && entity(resource).titleField === name)
    return <FunctionField source={name} sortable={false} render={recordTitle(resource)} />;
  // a device's instants on its city's clock, which the operator on site reads
  if (field.kind === 'timestamp' && resource && entity(resource).fields.city?.kind === 'ref')
    return (
      <FunctionField
        source={name}
        sortable={sortable}
        render={(r: Row) => (isEmpty(r[name]) ? EMPTY : <CityTime value={r[name]} city={r.city} />)}
      />
    );
  switch (field.kind) {
    case 'bool':
      return <BooleanField source={name} sortable={sortable} emptyText={EMPTY} />;
    case 'object':
    case 'list':
    case 'json':
    case 'point':
      return (
        <FunctionField
          source={name}
          sortable={false}
          render={(r: Row) => (isEmpty(r[name]) ? EMPTY : <NestedValue field={field} value={r[name]} />)}
        />
      );
    default:
      return (
        <FunctionField
          source={name}
          sortable={sortable}
          render={(r: Row) => (isEmpty(r[name]) ? EMPTY : <SubValue name={name} field={field} record={r} />)}
        />
      );
  }
}

function CityTime({ value, city }: { value: unknown; city: unknown }) {
  return <>{useCityTime(city)(value)}</>;
}
