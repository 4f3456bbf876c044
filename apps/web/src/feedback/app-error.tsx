import { Alert, Box, Button } from '@mui/material';
import { Error as RaError, useTranslate, type ErrorProps } from 'react-admin';
import { sl } from '../i18n/messages.ts';
import { isChunkLoadError } from './chunk-error.ts';

/** A screen whose script did not load says so and offers a reload instead of a white page. */
export function AppError(props: ErrorProps) {
  const translate = useTranslate();
  if (!isChunkLoadError(props.error))
    return <RaError {...props} resetErrorBoundary={() => window.location.reload()} />;
  return (
    <Box sx={{ p: 3 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => window.location.reload()}>
            {translate(sl('reload'))}
          </Button>
        }
      >
        ChunkLoadError: {translate(sl('chunkLoadError'))}
      </Alert>
    </Box>
  );
}
