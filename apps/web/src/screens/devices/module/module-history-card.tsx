import { useEffect, useMemo, useState } from 'react';
import { Box, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { entity, formatNumber, type Language } from '@sl/domain';
import { useEChart, type ChartOption } from '../../../charts/use-echart.ts';
import { sl } from '../../../i18n/messages.ts';
import { formatTick } from '../../../i18n/time-format.ts';
import { useCityZone } from '../city-time.ts';
import { DeviceCard } from '../device-card.tsx';
import { moduleHistory, SERIES, type ModuleHistory, type SeriesName } from './module-api.ts';

const DAY_MS = 86_400_000;
const RANGES = {
  deviceRangeDay: DAY_MS,
  deviceRangeWeek: 7 * DAY_MS,
  deviceRangeMonth: 30 * DAY_MS,
} as const;
type Range = keyof typeof RANGES;

/** the declared divisor of a reading (energy: Wh shown in kWh, spec §9) */
const divisorOf = (name: SeriesName) => {
  const show = entity('LuminaryModules').fields[name]?.show;
  return show && 'divisor' in show ? (show.divisor ?? 1) : 1;
};

/**
 * One reading of the module over a chosen range, ending at its last report (or now, when it has none), from the
 * reading history.
 */
export function ModuleHistoryCard() {
  const record = useRecordContext();
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  const zone = useCityZone(record?.city);
  const [range, setRange] = useState<Range>('deviceRangeDay');
  const [series, setSeries] = useState<SeriesName>('pwm');
  const [history, setHistory] = useState<ModuleHistory>();
  const last = record?.lastReceivedAt ? new Date(String(record.lastReceivedAt)).getTime() : undefined;
  // a minute past the last report, so the bucket holding it is whole
  const end = (last ?? Date.now()) + 60_000;
  const endMinute = Math.floor(end / 60_000);
  useEffect(() => {
    if (record?.id === undefined) return;
    let gone = false;
    const to = new Date(endMinute * 60_000);
    moduleHistory(record.id, new Date(to.getTime() - RANGES[range]), to)
      .then((h) => !gone && setHistory(h))
      .catch(() => undefined);
    return () => {
      gone = true;
    };
  }, [record?.id, range, endMinute]);
  const option = useMemo((): ChartOption => {
    const divisor = divisorOf(series);
    const at = history?.at ?? [];
    const values = (history?.[series] ?? []).map((v, i) => [
      Date.parse(at[i]!),
      v == null ? null : v / divisor,
    ]);
    return {
      animation: false,
      grid: { left: 56, right: 16, top: 24, bottom: 56 },
      tooltip: { trigger: 'axis', valueFormatter: (v) => formatNumber(Number(v), lang, 2) },
      xAxis: {
        type: 'time',
        min: endMinute * 60_000 - RANGES[range],
        max: endMinute * 60_000,
        axisLabel: {
          formatter: (ms: number) => formatTick(ms, lang, zone),
          hideOverlap: true,
        },
      },
      yAxis: {
        type: 'value',
        scale: series !== 'pwm',
        axisLabel: { formatter: (v: number) => formatNumber(v, lang, 2) },
      },
      dataZoom: [{ type: 'inside' }, { type: 'slider', bottom: 8, height: 18 }],
      series: [
        { type: 'line', name: translate(sl(`deviceSeries_${series}`)), data: values, showSymbol: false },
      ],
    };
  }, [history, series, lang, translate, range, endMinute, zone]);
  const chart = useEChart(option);
  const empty = history !== undefined && history.at.length === 0;
  return (
    <DeviceCard title="deviceHistory" testId="module-history">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <ToggleButtonGroup size="small" exclusive value={series} onChange={(_, v) => v && setSeries(v)}>
          {SERIES.map((s) => (
            <ToggleButton key={s} value={s} sx={{ textTransform: 'none', py: 0.25 }}>
              {translate(sl(`deviceSeries_${s}`))}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <ToggleButtonGroup size="small" exclusive value={range} onChange={(_, v) => v && setRange(v)}>
          {(Object.keys(RANGES) as Range[]).map((r) => (
            <ToggleButton key={r} value={r} sx={{ textTransform: 'none', py: 0.25 }}>
              {translate(sl(r))}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      {empty && (
        <Typography variant="body2" data-testid="module-history-empty">
          {translate(sl('deviceHistoryNone'))}
        </Typography>
      )}
      <Box
        ref={chart}
        data-testid="module-history-chart"
        data-points={history?.at.length ?? 0}
        sx={{ height: 240, width: '100%' }}
      />
    </DeviceCard>
  );
}
