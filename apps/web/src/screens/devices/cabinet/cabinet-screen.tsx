import { lazy, Suspense, useState } from 'react';
import { Alert, Box, Button, Divider, Typography } from '@mui/material';
import {
  RecordContextProvider,
  Show,
  useGetOne,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { sl } from '../../../i18n/messages.ts';
import { mayIn } from '../../../providers/auth-provider.ts';
import { EventHistoryCard } from '../../events/event-history-card.tsx';
import { DeviceControl } from '../../map/device-control.tsx';
import type { Outcome } from '../../map/map-api.ts';
import { useCityTime } from '../city-time.ts';
import { ModuleList, StatusChip, useControllerModules } from '../controller/module-list.tsx';
import { Columns, DetailTabs } from '../detail-tabs.tsx';
import { DeviceCommands } from '../history/device-commands.tsx';
import { HistoryTab } from '../history/history-tab.tsx';
import { TonightAndPlace } from '../tonight-and-place.tsx';
import { IoPanel } from './io-panel.tsx';
import { PhaseModules } from './phase-modules.tsx';

// the meter's chart (ECharts) loads only when a cabinet has a meter to show
const MeterAside = lazy(() => import('../../energy/meter-aside.tsx'));

function PhaseSwitches({
  controller,
  cabinet,
  onDone,
}: {
  controller: RaRecord;
  cabinet: RaRecord;
  onDone(): void;
}) {
  const translate = useTranslate();
  const [outcome, setOutcome] = useState<Outcome>();
  return (
    <Box data-testid="cabinet-switches">
      <Typography variant="subtitle1" component="h2">
        {translate(sl('cabinetSwitches'))}
      </Typography>
      <DeviceControl
        layer="Cabinets"
        id={Number(controller.id)}
        modules={undefined}
        controller={{ ...controller, _id: Number(controller.id) }}
        cabinet={{ ...cabinet, _id: Number(cabinet.id) }}
        onOutcome={(o) => {
          setOutcome(o);
          // the panel shows what the controller now reports, not only what the switch answered
          onDone();
        }}
      />
      {outcome && (
        <Alert severity={outcome.ok ? 'success' : 'error'} sx={{ mt: 1, py: 0 }} data-testid="cabinet-answer">
          {translate(outcome.key)}
        </Alert>
      )}
    </Box>
  );
}

function ControllerLine({
  controller,
  time,
}: {
  controller: RaRecord | undefined;
  time(v: unknown): string;
}) {
  const translate = useTranslate();
  return (
    <Box data-testid="cabinet-controller">
      <Typography variant="subtitle1" component="h2">
        {translate(sl('cabinetController'))}
      </Typography>
      {controller ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button component={Link} to={`/Controllers/${controller.id}/show`} sx={{ px: 0 }}>
            {String(controller.uid ?? controller.mac ?? controller.id)}
          </Button>
          <StatusChip code={controller.cl_status} />
          <Typography variant="body2" color="text.secondary">
            {controller.lastReceivedAt
              ? translate(sl('controllerLastHeard'), { at: time(controller.lastReceivedAt) })
              : translate(sl('controllerNeverHeard'))}
          </Typography>
        </Box>
      ) : (
        <Typography variant="body2">{translate(sl('cabinetNoController'))}</Typography>
      )}
    </Box>
  );
}

function MeterPart({ meter }: { meter: number | undefined }) {
  const translate = useTranslate();
  const { data } = useGetOne('Meters', { id: meter }, { enabled: meter !== undefined });
  if (meter === undefined) return <Typography variant="body2">{translate(sl('cabinetNoMeter'))}</Typography>;
  if (!data) return null;
  return (
    <RecordContextProvider value={data}>
      <Suspense>
        <Box sx={{ '& > .MuiCard-root': { ml: 0, width: '100%', position: 'static' } }}>
          <Typography variant="subtitle1" component="h2">
            {translate(sl('cabinetMeter'))}{' '}
            <Link to={`/Meters/${meter}/show`}>{String(data.uid ?? data.serial ?? meter)}</Link>
          </Typography>
          <MeterAside />
        </Box>
      </Suspense>
    </RecordContextProvider>
  );
}

/** Cabinets/{id} (spec §2): what an operator needs of a cabinet, in tabs. */
function CabinetDetail() {
  const record = useRecordContext();
  const time = useCityTime(record?.city);
  const controllerId = typeof record?.controller === 'number' ? record.controller : undefined;
  const { data: controller, refetch } = useGetOne(
    'Controllers',
    { id: controllerId },
    { enabled: controllerId !== undefined },
  );
  const modules = useControllerModules(controllerId);
  if (!record) return null;
  const canCommand = mayIn('control', 'command', false);
  const meter = typeof record.meter === 'number' ? record.meter : undefined;
  const overview = (
    <Columns>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <IoPanel
          iostate={controller?.iostate}
          polarity={controller?.polarity}
          inversion={record.inversion}
          at={time(controller?.lastReceivedAt)}
        />
        {canCommand && controller && (
          <PhaseSwitches controller={controller} cabinet={record} onDone={() => void refetch()} />
        )}
        <Divider />
        <ControllerLine controller={controller} time={time} />
        <PhaseModules modules={modules.data} />
      </Box>
      <TonightAndPlace location={record.location} />
    </Columns>
  );
  const eventFilter = controllerId === undefined ? { cabinet: record.id } : { controller: controllerId };
  return (
    <DetailTabs
      tabs={[
        { key: 'detailOverview', content: overview },
        { key: 'cabinetMeter', content: <MeterPart meter={meter} /> },
        { key: 'detailModules', content: <ModuleList modules={modules.data} /> },
        { key: 'detailEvents', content: <EventHistoryCard filter={eventFilter} openOnly wide /> },
        ...(controller && typeof controller.mac === 'string'
          ? [{ key: 'detailCommands' as const, content: <DeviceCommands mac={controller.mac} time={time} /> }]
          : []),
        {
          key: 'detailHistory',
          content: <HistoryTab entity="Cabinets" id={Number(record.id)} time={time} />,
        },
      ]}
    />
  );
}

export default function CabinetScreen() {
  return (
    <Show component="div">
      <CabinetDetail />
    </Show>
  );
}
