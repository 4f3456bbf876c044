import { Box, Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { sl } from '../i18n/messages.ts';

export default function MapPage() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={sl('mapTitle')} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate(sl('mapTitle'))}
        </Typography>
        <Box
          data-testid="map-placeholder"
          sx={{
            height: '60vh',
            border: '2px dashed',
            borderColor: 'divider',
            display: 'grid',
            placeItems: 'center',
            color: 'text.secondary',
          }}
        >
          {translate(sl('mapPlaceholder'))}
        </Box>
      </CardContent>
    </Card>
  );
}
