import { Avatar, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { sl } from '../../i18n/messages.ts';
import { canDo } from '../../providers/auth-provider.ts';
import { storedProfile } from '../../providers/session.ts';
import { initials } from './initials.ts';

/** The signed-in user; the avatar is drawn from the login, so it needs no avatar service and works offline. */
export default function ProfileScreen() {
  const translate = useTranslate();
  const me = storedProfile();
  if (!me) return null;
  const rows: [string, string | undefined][] = [
    [translate('resources.Users.fields.login'), me.login],
    [translate('resources.Users.fields.type'), translate(`sl.${me.type}`)],
    [translate('resources.Users.fields.role'), me.role?.name],
    [translate('resources.Users.fields.group'), me.group?.name],
    [translate('resources.Users.fields.email'), me.email],
  ];
  return (
    <Card sx={{ mt: 2, maxWidth: 560 }}>
      <Title title={sl('myProfile')} />
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Avatar sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: 28 }} aria-hidden>
            {initials(me.login)}
          </Avatar>
          <div>
            <Typography variant="h5" component="h1">
              {translate(sl('myProfile'))}
            </Typography>
            <Typography color="text.secondary">
              {translate(sl('signedInAs'))} {me.login}
            </Typography>
          </div>
        </Stack>
        <dl>
          {rows
            .filter(([, v]) => v)
            .map(([k, v]) => (
              <Stack key={k} direction="row" spacing={2} component="div" sx={{ py: 0.5 }}>
                <Typography component="dt" sx={{ width: 160, color: 'text.secondary' }}>
                  {k}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {v}
                </Typography>
              </Stack>
            ))}
        </dl>
        {canDo('Users', 'edit') && (
          <Button component={Link} to={`/Users/${me._id}`} variant="outlined">
            {translate('ra.action.edit')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
