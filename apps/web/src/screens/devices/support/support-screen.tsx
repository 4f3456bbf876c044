import { useMemo } from 'react';
import { Box } from '@mui/material';
import { Show, useGetMany, useRecordContext } from 'react-admin';
import { canDo, mayIn } from '../../../providers/auth-provider.ts';
import { LampProgramAside } from '../../../resources/lamp-program-aside.tsx';
import { EventHistoryCard } from '../../events/event-history-card.tsx';
import { DetailActions } from '../detail-actions.tsx';
import { OverviewAndHistory } from '../detail-tabs.tsx';
import { DeviceCard } from '../device-card.tsx';
import { DeviceFields } from '../device-fields.tsx';
import { DimCard } from '../dim-card.tsx';
import { SmallMap } from '../small-map.tsx';
import { useLiveRefresh } from '../use-live-refresh.ts';
import { SocketEditor } from './socket-editor.tsx';
import { moduleIdsOf, type Socket } from './support-api.ts';
import { SupportLampsCard } from './support-lamps-card.tsx';

const NAME = 'LuminarySupports';
const IDENTITY = [
  'uid',
  'cl_status',
  'status',
  'street',
  'address',
  'city',
  'district',
  'cabinet',
  'group',
  'socketCount',
  'type',
  'supportCategory',
  'owner',
  'roadClass',
  'segment',
  'height',
  'streetWidth',
  'luxLevel',
  'comment',
  'lastReceivedAt',
  'moduleUpdate',
];

/** LuminarySupports/{id} (spec §2): its sockets as an editor, its lamps live, its events and where it stands. */
export default function SupportScreen() {
  return (
    <Show actions={<DetailActions entityName={NAME} />} component="div">
      <OverviewAndHistory entity={NAME} overview={<SupportBody />} />
    </Show>
  );
}

function SupportBody() {
  const record = useRecordContext();
  const sockets = useMemo(
    () => (Array.isArray(record?.sockets) ? (record.sockets as Socket[]) : []),
    [record],
  );
  const ids = useMemo(() => moduleIdsOf(sockets), [sockets]);
  const { data, refetch } = useGetMany('LuminaryModules', { ids }, { enabled: ids.length > 0 });
  useLiveRefresh(ids, () => void refetch());
  const modules = useMemo(
    () => new Map((data ?? []).map((m) => [Number(m.id), m as Record<string, unknown>])),
    [data],
  );
  if (!record) return null;
  const first = ids.length ? modules.get(ids[0]!) : undefined;
  return (
    <Box
      data-testid="support-screen"
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      <Box sx={{ gridColumn: { md: 'span 2' } }}>
        <DeviceCard title="deviceSockets" testId="support-sockets">
          <SocketEditor modules={modules} editable={canDo(NAME, 'edit')} />
        </DeviceCard>
      </Box>
      <DeviceCard title="deviceMap" testId="support-map">
        <SmallMap location={record.location} />
      </DeviceCard>
      <DeviceCard title="deviceIdentity" testId="support-identity">
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
        <SupportLampsCard sockets={sockets} modules={modules} />
        <LampProgramAside />
        {mayIn('control', 'command', false) && ids.length > 0 && (
          <DimCard target="support" initial={Number(first?.pwm ?? 100)} />
        )}
      </Box>
      <Box sx={{ '& > .MuiCard-root': { ml: 0, mt: 0, width: 'auto' } }}>
        <EventHistoryCard field="support" />
      </Box>
    </Box>
  );
}
