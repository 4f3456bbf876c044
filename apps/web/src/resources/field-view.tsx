import {
  BooleanField,
  ChipField,
  DateField,
  FunctionField,
  NumberField,
  ReferenceArrayField,
  ReferenceField,
  SingleFieldList,
  TextField,
} from 'react-admin';
import { entity, isScalar, type Field } from '@sl/domain';

// Datagrid and SimpleShowLayout read `source` and `sortable` off their direct children for headers and labels.
export function FieldView({ source: name, field }: { source: string; field: Field; sortable?: boolean }) {
  const sortable = isScalar(field);
  switch (field.kind) {
    case 'int':
    case 'float':
      return <NumberField source={name} sortable={sortable} />;
    case 'bool':
      return <BooleanField source={name} sortable={sortable} />;
    case 'timestamp':
      return <DateField source={name} showTime sortable={sortable} />;
    case 'ref':
      return (
        <ReferenceField source={name} reference={field.entity} sortable={sortable}>
          <TextField source={entity(field.entity).titleField!} />
        </ReferenceField>
      );
    case 'refs':
      return (
        <ReferenceArrayField source={name} reference={field.entity} sortable={false}>
          <SingleFieldList linkType={false}>
            <ChipField source={entity(field.entity).titleField!} size="small" />
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
