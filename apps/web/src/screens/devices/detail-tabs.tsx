import { useState, type ReactNode } from 'react';
import { Box, Card, CardContent, Tab, Tabs } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { PanelBoundary } from '../../feedback/panel-boundary.tsx';
import { sl, type MessageKey } from '../../i18n/messages.ts';
import { useCityTime } from './city-time.ts';
import { HistoryTab } from './history/history-tab.tsx';

export type DetailTab = { key: MessageKey; content: ReactNode };

/** A device screen's tabs; the first is open on arrival. Only the open tab's content is mounted. */
export function DetailTabs({ tabs }: { tabs: DetailTab[] }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(0);
  const shown = tabs[Math.min(open, tabs.length - 1)];
  return (
    <Card>
      <Tabs
        value={Math.min(open, tabs.length - 1)}
        onChange={(_e, n: number) => setOpen(n)}
        variant="scrollable"
        aria-label={translate(sl('detailOverview'))}
      >
        {tabs.map((t) => (
          <Tab key={t.key} label={translate(sl(t.key))} data-testid={`tab-${t.key}`} />
        ))}
      </Tabs>
      <CardContent>
        <Box role="tabpanel">
          <PanelBoundary key={shown?.key}>{shown?.content}</PanelBoundary>
        </Box>
      </CardContent>
    </Card>
  );
}

/** The record's overview and its history (in its city's time), as a device screen shows them. */
export function OverviewAndHistory({ entity, overview }: { entity: string; overview: ReactNode }) {
  const record = useRecordContext();
  const time = useCityTime(record?.city);
  if (!record) return null;
  return (
    <DetailTabs
      tabs={[
        { key: 'detailOverview', content: overview },
        { key: 'detailHistory', content: <HistoryTab entity={entity} id={Number(record.id)} time={time} /> },
      ]}
    />
  );
}

/** Two columns on a wide screen, one under the other on a narrow one. */
export function Columns({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
        gap: 3,
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}
