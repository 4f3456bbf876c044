import { useMemo } from 'react';
import { Box } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import {
  ageBucketTitles,
  formatMeasure,
  formatNumber,
  groupName,
  maintenanceReportTitle,
  partsRowName,
  UNIT_SYMBOLS,
  type Language,
} from '@sl/domain';
import { useEChart, type ChartOption } from '../../charts/use-echart.ts';
import { sl } from '../../i18n/messages.ts';
import type { MaintenanceReport, PartsUsedReport } from './maintenance-report-api.ts';

// youngest to oldest: from calm to alarming
const AGE_COLOURS = ['#66bb6a', '#9ccc65', '#ffca28', '#ffa726', '#e53935'];

/** The parts used as columns per month, stacked by part or model fitted. */
function partsOption(report: PartsUsedReport, lang: Language): ChartOption {
  return {
    animation: false,
    legend: { top: 0 },
    tooltip: { trigger: 'axis' as const, axisPointer: { type: 'shadow' as const } },
    grid: { left: 16, right: 24, top: 64, bottom: 32 },
    xAxis: { type: 'category', data: report.months },
    yAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { formatter: (v: number) => formatNumber(v, lang, 0) },
    },
    series: report.rows.map((r) => ({
      type: 'bar' as const,
      name: partsRowName(r, report.by, lang),
      stack: 'parts',
      barMaxWidth: 72,
      data: r.months,
    })),
  };
}

/** Open orders as bars stacked by age per fault kind; repair times as median and 90th percentile bars with the share within the service level beside them. */
function optionOf(report: MaintenanceReport, lang: Language): ChartOption {
  if (report.type === 'parts-used') return partsOption(report, lang);
  const by = report.type === 'open-orders' ? 'faultKind' : report.by;
  const names = report.rows.map((r) => groupName(r, by, lang));
  const hours = UNIT_SYMBOLS.h[lang];
  const base = {
    animation: false,
    legend: { top: 0 },
    tooltip: { trigger: 'axis' as const, axisPointer: { type: 'shadow' as const } },
    // the names are the fault kinds', districts' or crews': long, so the bars lie along them
    yAxis: [
      {
        type: 'category' as const,
        data: names,
        inverse: true,
        axisLabel: { width: 220, overflow: 'truncate' as const },
      },
    ],
  };
  if (report.type === 'open-orders')
    return {
      ...base,
      grid: { left: 16, right: 24, top: 48, bottom: 16 },
      xAxis: {
        type: 'value',
        minInterval: 1,
        axisLabel: { formatter: (v: number) => formatNumber(v, lang, 0) },
      },
      series: ageBucketTitles(lang).map((title, i) => ({
        type: 'bar' as const,
        name: title,
        stack: 'age',
        color: AGE_COLOURS[i],
        data: report.rows.map((r) => r.ages[i] ?? 0),
      })),
    };
  const share = (v: unknown) => (v == null ? '—' : formatMeasure(Number(v), 'percent', lang, 1));
  const inHours = (v: unknown) => (v == null ? '—' : formatMeasure(Number(v), 'h', lang, 2));
  return {
    ...base,
    grid: { left: 16, right: 24, top: 64, bottom: 32 },
    xAxis: [
      { type: 'value', name: hours, axisLabel: { formatter: (v: number) => formatNumber(v, lang, 1) } },
      {
        type: 'value',
        position: 'top',
        min: 0,
        max: 100,
        splitLine: { show: false },
        axisLabel: { formatter: share },
      },
    ],
    series: [
      {
        type: 'bar',
        name: maintenanceReportTitle('median', lang),
        tooltip: { valueFormatter: inHours },
        data: report.rows.map((r) => r.medianHours),
      },
      {
        type: 'bar',
        name: maintenanceReportTitle('p90', lang),
        tooltip: { valueFormatter: inHours },
        data: report.rows.map((r) => r.p90Hours),
      },
      {
        // the share as a mark beside each row's bars, on its own axis of 0-100 %
        type: 'line',
        name: maintenanceReportTitle('share', lang),
        xAxisIndex: 1,
        symbol: 'diamond',
        symbolSize: 12,
        tooltip: { valueFormatter: share },
        lineStyle: { opacity: 0 },
        data: report.rows.map((r) => (r.withinShare == null ? null : r.withinShare * 100)),
      },
    ],
  };
}

export function MaintenanceReportChart({ report }: { report: MaintenanceReport }) {
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  const option = useMemo(() => optionOf(report, lang), [report, lang]);
  const chart = useEChart(option);
  // a row is a bar's height; room for the legend and the axes besides
  const height =
    report.type === 'parts-used'
      ? 360
      : 120 + Math.max(3, report.rows.length) * (report.type === 'open-orders' ? 36 : 48);
  return (
    <Box
      ref={chart}
      data-testid="maintenance-report-chart"
      role="img"
      aria-label={translate(sl(`maintenanceReport.${report.type}`))}
      sx={{ width: '100%', height }}
    />
  );
}
