import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { sl } from '../i18n/messages.ts';

export function NotFound() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <Title title={sl('notFound')} />
      <Typography variant="h4" component="h1" gutterBottom>
        {translate(sl('notFound'))}
      </Typography>
      <Typography gutterBottom>{translate(sl('notFoundHint'))}</Typography>
      <Button component={Link} to="/Map" variant="contained">
        {translate(sl('toMap'))}
      </Button>
    </Box>
  );
}
