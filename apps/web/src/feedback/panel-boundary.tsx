import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { sl } from '../i18n/messages.ts';

type Props = { children: ReactNode };

/**
 * One part of a screen (a map, a chart, a tab) that fails to draw says so in its own place; without it the error
 * reaches the screen's boundary, which replaces everything, the form with its unsaved input too.
 */
export class PanelBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <PanelFailed onRetry={() => this.setState({ failed: false })} />;
  }
}

function PanelFailed({ onRetry }: { onRetry: () => void }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="warning"
      data-testid="panel-failed"
      sx={{ my: 1 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {translate(sl('panelRetry'))}
        </Button>
      }
    >
      {translate(sl('panelFailed'))}
    </Alert>
  );
}
