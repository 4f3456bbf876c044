import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useGetList, useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import { savedNight } from './lighting-api.ts';
import { NightChart } from './night-chart.tsx';
import { useAnswer } from './use-answer.ts';

const today = () => new Date().toLocaleDateString('sv-SE');

/** The profile that names a group control, and its night tonight in its city (else the city of the group's lamps). */
export function GroupNight({ groupControl, fallbackCity }: { groupControl: number; fallbackCity?: number }) {
  const translate = useTranslate();
  const profiles = useGetList('Profiles', {
    filter: { groupControl },
    pagination: { page: 1, perPage: 1 },
    sort: { field: '_id', order: 'ASC' },
  });
  const profile = profiles.data?.[0];
  const city = typeof profile?.city === 'number' ? profile.city : fallbackCity;
  const key = profile && city !== undefined ? `${profile.id}/${city}` : undefined;
  const night = useAnswer(key, () => savedNight(Number(profile!.id), today(), city));
  return (
    <>
      <Typography variant="subtitle1">{translate(sl('groupControlProfile'))}</Typography>
      {profiles.isPending ? null : profile ? (
        <Link component={RouterLink} to={`/Profiles/${profile.id}`} data-testid="group-profile">
          {String(profile.name)}
        </Link>
      ) : (
        <Typography variant="body2">{translate(sl('groupControlNoProfile'))}</Typography>
      )}
      {profile && city === undefined && (
        <Typography variant="body2">{translate(sl('lightingNoCity'))}</Typography>
      )}
      {night.state === 'done' && <NightChart night={night.value} height={200} />}
      {night.state === 'failed' && <Typography variant="body2">{translate(sl('lightingFailed'))}</Typography>}
    </>
  );
}
