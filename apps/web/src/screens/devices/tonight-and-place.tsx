import { lazy, Suspense } from 'react';
import { Box } from '@mui/material';
import { PanelBoundary } from '../../feedback/panel-boundary.tsx';
import { LocationMap } from './location-map.tsx';

const CabinetTonightAside = lazy(() => import('../schedule/cabinet-tonight-aside.tsx'));

/** A cabinet's or its controller's side column: tonight's on and off, and where it stands. */
export function TonightAndPlace({ location }: { location: unknown }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <PanelBoundary>
        <Suspense>
          <Box sx={{ '& > .MuiCard-root': { ml: 0, width: '100%' } }}>
            <CabinetTonightAside />
          </Box>
        </Suspense>
      </PanelBoundary>
      <PanelBoundary>
        <LocationMap location={location} />
      </PanelBoundary>
    </Box>
  );
}
