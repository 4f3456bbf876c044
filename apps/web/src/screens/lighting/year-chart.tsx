import { useMemo } from 'react';
import { Box, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatNumber, type Language } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import { clockTime } from './clock-format.ts';
import type { ProfileYear } from './lighting-api.ts';
import { useEChart, type ChartOption } from '../../charts/use-echart.ts';

const minutesOf = (hhmm: string | null) =>
  hhmm === null ? null : Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A profile's year: the switch-on and switch-off times on the city's clock, and the burning hours per month. */
export function YearChart({ year }: { year: ProfileYear }) {
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  const months = useMemo(() => monthNames(lang), [lang]);
  const times = useEChart(useMemo(() => timesOption(year, lang, translate), [year, lang, translate]));
  const burn = useEChart(useMemo(() => burnOption(year, months, translate), [year, months, translate]));
  const total = (k: 'burnHours' | 'fullHours') => year.months.reduce((sum, m) => sum + m[k], 0);
  const summary = translate(sl('lightingYearSummary'), {
    year: year.year,
    hours: formatNumber(Math.round(total('burnHours')), lang, 0),
    full: formatNumber(Math.round(total('fullHours')), lang, 0),
  });
  return (
    <Box data-testid="year-chart">
      <Typography variant="subtitle2">{translate(sl('lightingYearOnOff'))}</Typography>
      <Box ref={times} sx={{ width: '100%', height: 200 }} role="img" aria-label={summary} />
      <Typography variant="subtitle2">{translate(sl('lightingYearBurn'))}</Typography>
      <Box ref={burn} sx={{ width: '100%', height: 180 }} role="img" aria-label={summary} />
      <Typography variant="body2" data-testid="year-summary">
        {summary}
      </Typography>
    </Box>
  );
}

function monthNames(lang: Language): string[] {
  const f = new Intl.DateTimeFormat(lang, { month: 'short', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => f.format(new Date(Date.UTC(2000, i, 15))));
}

function timesOption(year: ProfileYear, lang: Language, translate: (key: string) => string): ChartOption {
  const clock = clockTime(lang);
  const month = new Intl.DateTimeFormat(lang, { month: 'short', timeZone: 'UTC' });
  // a day at its UTC noon: the axis counts days, not the city's instants
  const x = (date: string) => Date.parse(`${date}T12:00:00Z`);
  const line = (name: string, color: string, pick: (d: ProfileYear['days'][number]) => string | null) => ({
    type: 'line' as const,
    name,
    symbol: 'none',
    lineStyle: { width: 2, color },
    itemStyle: { color },
    data: year.days.map((d) => [x(d.date), minutesOf(pick(d))]),
  });
  return {
    animation: false,
    grid: { left: 56, right: 12, top: 28, bottom: 24 },
    legend: { top: 0, textStyle: { fontSize: 11 } },
    tooltip: { trigger: 'axis', valueFormatter: (v) => (typeof v === 'number' ? clock(v) : '') },
    xAxis: {
      type: 'value',
      min: x(`${year.year}-01-01`),
      max: x(`${year.year}-12-31`),
      interval: 61 * 86_400_000,
      axisLabel: { formatter: (v: number) => month.format(new Date(v)) },
    },
    yAxis: {
      type: 'value',
      min: 0,
      max: 24 * 60,
      interval: 6 * 60,
      axisLabel: { formatter: (v: number) => clock(v) },
    },
    series: [
      line(translate(sl('lightingOn')), '#2e7d32', (d) => d.onLocal),
      line(translate(sl('lightingOff')), '#c62828', (d) => d.offLocal),
    ],
  };
}

function burnOption(year: ProfileYear, months: string[], translate: (key: string) => string): ChartOption {
  return {
    animation: false,
    grid: { left: 44, right: 12, top: 28, bottom: 24 },
    legend: { top: 0, textStyle: { fontSize: 11 } },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: months, axisLabel: { interval: 1 } },
    yAxis: { type: 'value' },
    series: [
      {
        type: 'bar',
        name: translate(sl('lightingBurnHours')),
        itemStyle: { color: '#f9a825' },
        data: year.months.map((m) => m.burnHours),
      },
      {
        type: 'bar',
        name: translate(sl('lightingFullHours')),
        itemStyle: { color: '#8d6e63' },
        data: year.months.map((m) => m.fullHours),
      },
    ],
  };
}
