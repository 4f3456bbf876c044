import { SimpleForm, Toolbar, SaveButton, DeleteButton } from 'react-admin';
import { canDo } from '../providers/auth-provider.ts';
import { FieldInput, isEditable } from './field-input.tsx';
import { useEntity } from './use-entity.ts';

function FormToolbar({ creating }: { creating: boolean }) {
  const e = useEntity();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {!creating && canDo(e.name, 'delete') && <DeleteButton mutationMode="pessimistic" />}
    </Toolbar>
  );
}

/** One form for create and edit, built from the entity's fields. */
export function EntityForm({ creating }: { creating: boolean }) {
  const e = useEntity();
  return (
    <SimpleForm toolbar={<FormToolbar creating={creating} />}>
      {Object.entries(e.fields)
        .filter(([, f]) => isEditable(f))
        .map(([name, f]) => (
          <FieldInput key={name} name={name} field={f} creating={creating} />
        ))}
    </SimpleForm>
  );
}
