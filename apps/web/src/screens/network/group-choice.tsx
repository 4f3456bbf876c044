import { useEffect } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { sl, type MessageKey } from '../../i18n/messages.ts';
import { canDo } from '../../providers/auth-provider.ts';
import { storedProfile } from '../../providers/session.ts';

/** Whether the user chooses among groups: one of no group of their own, or an administrator, who sees them all. */
export const choosesGroup = () => {
  const me = storedProfile();
  return (me?.type === 'ADMIN' || !me?.group) && canDo('Groups', 'view');
};

/** The groups such a user chooses among, by name (one request, shared by every chooser of the page). */
export const useChoosableGroups = () =>
  useGetList(
    'Groups',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: choosesGroup() },
  );

/**
 * The group what is made goes to (imported rows, a commissioned gateway), for a user of no group of their own who
 * sees several (an administrator): the first one until another is chosen, so that nothing is left without a group.
 * A group's user makes it in theirs, and sees no choice.
 */
export function GroupChoice({
  value,
  onChange,
  label,
}: {
  value?: number;
  onChange(group: number): void;
  label: MessageKey;
}) {
  const translate = useTranslate();
  const chooses = choosesGroup();
  const { data } = useChoosableGroups();
  const first = data?.[0]?.id as number | undefined;
  useEffect(() => {
    if (value === undefined && first !== undefined) onChange(first);
  }, [value, first, onChange]);
  if (!chooses || !data?.length) return null;
  return (
    <TextField
      select
      size="small"
      label={translate(sl(label))}
      value={value ?? ''}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ minWidth: 200 }}
    >
      {data.map((g) => (
        <MenuItem key={g.id} value={g.id}>
          {String(g.name)}
        </MenuItem>
      ))}
    </TextField>
  );
}
