import { Create } from 'react-admin';
import { EntityForm } from './entity-form.tsx';

export default function EntityCreate() {
  return (
    <Create redirect="list">
      <EntityForm creating />
    </Create>
  );
}
