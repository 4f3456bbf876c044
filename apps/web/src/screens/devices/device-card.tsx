import type { ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PanelBoundary } from '../../feedback/panel-boundary.tsx';
import { sl, type MessageKey } from '../../i18n/messages.ts';

/** One titled part of a device's screen. */
export function DeviceCard(props: {
  title: MessageKey;
  testId: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-testid={props.testId} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
          <span style={{ flexGrow: 1 }}>{translate(sl(props.title))}</span>
          {props.action}
        </Typography>
        <PanelBoundary>{props.children}</PanelBoundary>
      </CardContent>
    </Card>
  );
}
