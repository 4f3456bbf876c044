import { Chip } from '@mui/material';
import {
  BooleanField,
  DateField,
  FunctionField,
  NumberField,
  ReferenceArrayField,
  ReferenceField,
  SingleFieldList,
  TextField,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { entity, isScalar, type Field } from '@sl/domain';
import { recordTitle } from './record-title.ts';
import { StatusLabel } from './status-label.tsx';

type Row = Record<string, unknown>;

// Datagrid and SimpleShowLayout read `source` and `sortable` off their direct children for headers and labels.
export function FieldView({ source: name, field }: { source: string; field: Field; sortable?: boolean }) {
  const sortable = isScalar(field);
  const resource = useResourceContext();
  const translate = useTranslate();
  if (name === 'cl_status') return <StatusLabel source={name} />;
  if (resource && field.kind === 'object' && entity(resource).titleField === name)
    return <FunctionField source={name} sortable={false} render={recordTitle(resource)} />;
  switch (field.kind) {
    case 'enum':
    case 'intEnum':
      return (
        <FunctionField
          source={name}
          sortable={sortable}
          render={(r: Row) =>
            r[name] == null ? '' : translate(`sl.${String(r[name])}`, { _: String(r[name]) })
          }
        />
      );
    case 'int':
    case 'float':
      return <NumberField source={name} sortable={sortable} />;
    case 'bool':
      return <BooleanField source={name} sortable={sortable} />;
    case 'timestamp':
      return <DateField source={name} showTime sortable={sortable} />;
    case 'ref':
      return <ReferenceField source={name} reference={field.entity} sortable={sortable} />;
    case 'refs':
      return (
        <ReferenceArrayField source={name} reference={field.entity} sortable={false}>
          <SingleFieldList linkType={false}>
            <FunctionField render={(r: Row) => <Chip size="small" label={recordTitle(field.entity)(r)} />} />
          </SingleFieldList>
        </ReferenceArrayField>
      );
    case 'object':
    case 'list':
    case 'json':
    case 'point':
      return (
        <FunctionField
          source={name}
          sortable={false}
          render={(r: Record<string, unknown>) =>
            r[name] == null ? '' : <code style={{ whiteSpace: 'pre-wrap' }}>{JSON.stringify(r[name])}</code>
          }
        />
      );
    default:
      return <TextField source={name} sortable={sortable} />;
  }
}
