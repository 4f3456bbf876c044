import { Card, CardContent, Link, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { sl } from '../../i18n/messages.ts';

export default function AboutScreen() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={sl('about')} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate(sl('title'))}
        </Typography>
        <Typography sx={{ mb: 2 }}>{translate(sl('aboutText'))}</Typography>
        <Typography sx={{ mb: 2 }}>
          {translate(sl('version'))}: {__APP_VERSION__}
        </Typography>
        <Link component={RouterLink} to="/Licensing">
          {translate(sl('licensing'))}
        </Link>
      </CardContent>
    </Card>
  );
}
