import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import { recordLink } from '../../providers/auth-provider.ts';
import type { GroupLamps } from './lighting-api.ts';

const SHOWN = 6;

/** How many lamps answer to a group control, and the first of them, each a link to its module. */
export function GroupLampList({ lamps }: { lamps: GroupLamps }) {
  const translate = useTranslate();
  if (!lamps.count) return <Typography variant="body2">{translate(sl('groupControlNoLamps'))}</Typography>;
  const to = recordLink('LuminaryModules');
  return (
    <>
      <Typography variant="body2" data-testid="group-lamp-count">
        {translate(sl('groupControlLampsCount'), { smart_count: lamps.count })}
      </Typography>
      {lamps.withoutController > 0 && (
        <Typography variant="body2" color="warning.main">
          {translate(sl('groupControlOutcomeOrphans'), { smart_count: lamps.withoutController })}
        </Typography>
      )}
      <Typography component="ul" variant="body2" sx={{ pl: 2.5, my: 0.5 }}>
        {lamps.lamps.slice(0, SHOWN).map((l) => (
          <li key={l._id}>
            {to ? (
              <Link component={RouterLink} to={`/LuminaryModules/${l._id}`}>
                {l.mac}
              </Link>
            ) : (
              l.mac
            )}
            {l.support && ` ${translate(sl('groupControlLampOn'), { support: l.support.uid })}`}
          </li>
        ))}
      </Typography>
      {lamps.count > SHOWN && (
        <Typography variant="body2" color="text.secondary">
          {translate(sl('groupControlMoreLamps'), { smart_count: lamps.count - SHOWN })}
        </Typography>
      )}
    </>
  );
}
