import type { Field } from '@sl/domain';
import { storedProfile } from '../../providers/session.ts';

type GroupWithCities = { _id?: number; cities?: { _id?: number }[] };

/** A new record belongs to the user's group, and to its city when the group has one. */
export function creationDefault(field: Field): unknown {
  if (field.kind !== 'ref') return field.default;
  const group = storedProfile()?.group as GroupWithCities | null | undefined;
  if (field.entity === 'Groups') return group?._id;
  if (field.entity === 'Cities') return group?.cities?.[0]?._id;
  return field.default;
}
