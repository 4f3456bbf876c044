import { Box } from '@mui/material';
import { Show, useRecordContext, useShowContext } from 'react-admin';
import { mayIn } from '../../../providers/auth-provider.ts';
import { LampProgramAside } from '../../../resources/lamp-program-aside.tsx';
import { EventHistoryCard } from '../../events/event-history-card.tsx';
import { DetailActions } from '../detail-actions.tsx';
import { OverviewAndHistory } from '../detail-tabs.tsx';
import { DeviceCard } from '../device-card.tsx';
import { DeviceFields } from '../device-fields.tsx';
import { DimCard } from '../dim-card.tsx';
import { useLiveRefresh } from '../use-live-refresh.ts';
import { ModuleHistoryCard } from './module-history-card.tsx';
import { ModuleParamsCard } from './module-params-card.tsx';
import { ModuleRawCard } from './module-raw-card.tsx';
import { ModuleTalqCard } from './module-talq-card.tsx';

const NAME = 'LuminaryModules';
const LIVE = [
  'cl_status',
  'pwm',
  'pow',
  'energy',
  'lux',
  'temp',
  'runh',
  'lpwm',
  'cpwm',
  'rssi',
  'twil',
  'lastReceivedAt',
];
const IDENTITY = [
  'mac',
  'uid',
  'status',
  'controller',
  'phase',
  'luminarySupport',
  'profileId',
  'group',
  'city',
  'district',
  'segment',
  'height',
  'location',
];

/** LuminaryModules/{id} (spec §2): what the module reports now and over time, what it is told, and its events. */
export default function ModuleScreen() {
  return (
    <Show actions={<DetailActions entityName={NAME} />} component="div">
      <OverviewAndHistory entity={NAME} overview={<ModuleOverview />} />
    </Show>
  );
}

function ModuleOverview() {
  const record = useRecordContext();
  const { refetch } = useShowContext();
  useLiveRefresh(record ? [Number(record.id)] : [], () => void refetch());
  if (!record) return null;
  const command = mayIn('control', 'command', false);
  const raw = mayIn('LuminaryModules', 'viewRawData');
  return (
    <Box
      data-testid="module-screen"
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      <DeviceCard title="deviceLive" testId="module-live">
        <DeviceFields entityName={NAME} names={LIVE} />
      </DeviceCard>
      <DeviceCard title="deviceIdentity" testId="module-identity">
        <DeviceFields entityName={NAME} names={IDENTITY} />
      </DeviceCard>
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          gap: 2,
          '& > .MuiCard-root': { ml: 0, mt: 0, width: 'auto' },
        }}
      >
        {command && <DimCard target="module" initial={Number(record.pwm ?? 100)} />}
        <LampProgramAside />
        <EventHistoryCard field="module" />
      </Box>
      <Box sx={{ gridColumn: { md: 'span 2' } }}>
        <ModuleHistoryCard />
      </Box>
      {raw && <ModuleRawCard />}
      <ModuleTalqCard />
      {mayIn('LuminaryModules', 'command') && <ModuleParamsCard />}
    </Box>
  );
}
