import { useEffect } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import { canDo } from '../../providers/auth-provider.ts';
import { storedProfile } from '../../providers/session.ts';

/**
 * The group imported rows go to, for a user of no group of their own who sees several (an administrator): the
 * first one until another is chosen, so that no row is left without a group. A group's user imports into theirs.
 */
export function ImportGroup({ value, onChange }: { value?: number; onChange(group: number): void }) {
  const translate = useTranslate();
  const me = storedProfile();
  // an administrator sees every group, whatever group they belong to
  const chooses = (me?.type === 'ADMIN' || !me?.group) && canDo('Groups', 'view');
  const { data } = useGetList(
    'Groups',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: chooses },
  );
  const first = data?.[0]?.id as number | undefined;
  useEffect(() => {
    if (value === undefined && first !== undefined) onChange(first);
  }, [value, first, onChange]);
  if (!chooses || !data?.length) return null;
  return (
    <TextField
      select
      size="small"
      label={translate(sl('importGroup'))}
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
