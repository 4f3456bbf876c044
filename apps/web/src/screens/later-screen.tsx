import { Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { sl, type MessageKey } from '../i18n/messages.ts';

/** An honest frame for a screen of §2 whose content arrives with a later issue. */
export default function LaterScreen({ title, text }: { title: MessageKey; text: MessageKey }) {
  const translate = useTranslate();
  const { id } = useParams();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={sl(title)} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate(sl(title))}
          {id && ` · ${id}`}
        </Typography>
        <Typography>{translate(sl(text))}</Typography>
      </CardContent>
    </Card>
  );
}
