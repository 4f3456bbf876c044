import type { Field, ObjectField } from '@sl/domain';

/** Areas × flags of booleans, as a role's access rights are declared. */
export const isMatrix = (f: ObjectField) =>
  Object.values(f.fields).every(
    (row: Field) => row.kind === 'object' && Object.values(row.fields).every((c: Field) => c.kind === 'bool'),
  );
