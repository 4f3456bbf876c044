import { Edit } from 'react-admin';
import { EntityForm } from './entity-form.tsx';

export default function EntityEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <EntityForm creating={false} />
    </Edit>
  );
}
