import type { ReactNode } from 'react';
import { BulkDeleteButton, DeleteButton, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import type { Entity } from '@sl/domain';
import { canDo } from '../providers/auth-provider.ts';
import { FieldInput, isEditable } from './field-input.tsx';
import { fieldMessage } from './inputs/field-errors.ts';
import { useEntity } from './use-entity.ts';

function FormToolbar({ creating, children }: { creating: boolean; children?: ReactNode }) {
  const e = useEntity();
  return (
    <Toolbar sx={{ justifyContent: 'space-between', gap: 1 }}>
      <SaveButton />
      {children}
      {!creating && canDo(e.name, 'delete') && <DeleteButton mutationMode="pessimistic" />}
    </Toolbar>
  );
}

export const ConfirmedBulkDelete = () => <BulkDeleteButton mutationMode="pessimistic" />;

/** The declaration's whole-record rule, shown on a field it names: its spec §5 message or the catalogue text.
 *  Input-level, because react-hook-form ignores input validators once a form-level one is set. */
const recordCheck = (e: Entity, field: string) => (_: unknown, values: Record<string, unknown>) => {
  const problem = e.check?.(values);
  if (!problem?.fields?.includes(field)) return undefined;
  return problem.code === 'IsInvalidError'
    ? fieldMessage(e.name, field, e.fields[field]!)
    : `error.${problem.code}`;
};

/** One form for create and edit, built from the entity's fields; `actions` go into the toolbar. */
export function EntityForm({ creating, actions }: { creating: boolean; actions?: ReactNode }) {
  const e = useEntity();
  return (
    // noValidate: our checks say what is wrong in the user's language; the browser's own tooltips would not
    <SimpleForm noValidate toolbar={<FormToolbar creating={creating}>{actions}</FormToolbar>}>
      {Object.entries(e.fields)
        .filter(([, f]) => isEditable(f))
        .map(([name, f]) => (
          <FieldInput
            key={name}
            entityName={e.name}
            source={name}
            field={f}
            creating={creating}
            check={e.check && recordCheck(e, name)}
          />
        ))}
    </SimpleForm>
  );
}
