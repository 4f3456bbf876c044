import { useState, type ReactNode } from 'react';
import { Box, Button, Chip, Divider, Stack, Typography } from '@mui/material';
import { Show, useGetOne, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatMeasure, type Language } from '@sl/domain';
import { sl, type MessageKey } from '../../../i18n/messages.ts';
import { canDo, mayIn } from '../../../providers/auth-provider.ts';
import { EventHistoryCard } from '../../events/event-history-card.tsx';
import { useCityTime } from '../city-time.ts';
import { Columns, DetailTabs } from '../detail-tabs.tsx';
import { DeviceCommands } from '../history/device-commands.tsx';
import { HistoryTab } from '../history/history-tab.tsx';
import { TonightAndPlace } from '../tonight-and-place.tsx';
import { IoPanel } from '../cabinet/io-panel.tsx';
import { IoEditors } from './io-editors.tsx';
import { JsonCommand } from './json-command.tsx';
import { MeterOption } from './meter-option.tsx';
import { ModuleList, StatusChip, useControllerModules } from './module-list.tsx';

function Fact({ label, children, testId }: { label: MessageKey; children: ReactNode; testId: string }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 32 }} data-testid={testId}>
      <Typography variant="body2" sx={{ width: 130, flexShrink: 0 }}>
        {translate(sl(label))}
      </Typography>
      {children}
    </Stack>
  );
}

function Connection({ time }: { time(v: unknown): string }) {
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  const r = useRecordContext();
  const cabinet = typeof r?.cabinet === 'number' ? r.cabinet : undefined;
  const { data: cab } = useGetOne('Cabinets', { id: cabinet }, { enabled: cabinet !== undefined });
  if (!r) return null;
  const value = (v: unknown) => (v == null || v === '' ? translate(sl('detailNotReported')) : String(v));
  return (
    <Box>
      <Fact label="controllerConnection" testId="controller-connection">
        <Chip
          size="small"
          color={r.connected ? 'success' : 'warning'}
          label={translate(sl(r.connected ? 'controllerOnline' : 'controllerOffline'))}
        />
        <StatusChip code={r.cl_status} />
      </Fact>
      <Typography variant="body2" color="text.secondary" data-testid="controller-last-heard">
        {r.lastReceivedAt
          ? translate(sl('controllerLastHeard'), { at: time(r.lastReceivedAt) })
          : translate(sl('controllerNeverHeard'))}
      </Typography>
      <Fact label="controllerVersion" testId="controller-version">
        <Typography variant="body2">{value(r.version)}</Typography>
      </Fact>
      <Fact label="controllerTemperature" testId="controller-temperature">
        <Typography variant="body2">
          {typeof r.cputemp === 'number' ? formatMeasure(r.cputemp, 'degC', lang, 1) : value(null)}
        </Typography>
      </Fact>
      <Fact label="controllerNetwork" testId="controller-network">
        <Typography variant="body2">{value(r.network)}</Typography>
      </Fact>
      <Fact label="controllerCabinet" testId="controller-cabinet">
        {cabinet === undefined ? (
          <Typography variant="body2">—</Typography>
        ) : (
          <Button component={Link} to={`/Cabinets/${cabinet}/show`} sx={{ px: 0 }}>
            {String(cab?.uid ?? cabinet)}
          </Button>
        )}
      </Fact>
    </Box>
  );
}

function CommandsPart({ mac, time }: { mac: string | undefined; time(v: unknown): string }) {
  const r = useRecordContext();
  const [sent, setSent] = useState(0);
  if (!r) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {mayIn('Controllers', 'command') && mac && (
        <JsonCommand controller={Number(r.id)} onSent={() => setSent((n) => n + 1)} />
      )}
      {mac && <DeviceCommands key={sent} mac={mac} time={time} />}
    </Box>
  );
}

/** Controllers/{id} (spec §2): connection, I/O settings, modules, JSON commands and history, in tabs. */
function ControllerDetail() {
  const record = useRecordContext();
  const time = useCityTime(record?.city);
  const id = record ? Number(record.id) : undefined;
  const modules = useControllerModules(id);
  const cabinet = typeof record?.cabinet === 'number' ? record.cabinet : undefined;
  const { data: cab } = useGetOne('Cabinets', { id: cabinet }, { enabled: cabinet !== undefined });
  if (!record || id === undefined) return null;
  const editable = canDo('Controllers', 'edit');
  const mac = typeof record.mac === 'string' ? record.mac : undefined;
  const overview = (
    <Columns>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Connection time={time} />
        <Divider />
        <IoPanel
          iostate={record.iostate}
          polarity={record.polarity}
          inversion={cab?.inversion}
          at={time(record.lastReceivedAt)}
        />
        <Divider />
        <MeterOption editable={editable} />
      </Box>
      <TonightAndPlace location={record.location} />
    </Columns>
  );
  return (
    <DetailTabs
      tabs={[
        { key: 'detailOverview', content: overview },
        // keyed by the record's version: a save elsewhere shows its values afresh
        { key: 'detailSettings', content: <IoEditors key={String(record.updatedAt)} editable={editable} /> },
        { key: 'detailModules', content: <ModuleList modules={modules.data} /> },
        { key: 'detailEvents', content: <EventHistoryCard filter={{ controller: id }} wide /> },
        { key: 'detailCommands', content: <CommandsPart mac={mac} time={time} /> },
        { key: 'detailHistory', content: <HistoryTab entity="Controllers" id={id} time={time} /> },
      ]}
    />
  );
}

export default function ControllerScreen() {
  return (
    <Show component="div">
      <ControllerDetail />
    </Show>
  );
}
