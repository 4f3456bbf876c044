import { useMemo } from 'react';
import { Box, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { Language } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import { clockIn, percent } from './clock-format.ts';
import type { Night } from './lighting-api.ts';
import { nightSteps } from './night-summary.ts';
import { useEChart, type ChartOption } from '../../charts/use-echart.ts';

const HOUR = 3_600_000;

/** A night's level over the city's local clock, its sunset, sunrise and switch instants marked, and in words. */
export function NightChart({ night, height = 220 }: { night: Night; height?: number }) {
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  const summary = useNightSummary(night, lang);
  const option = useMemo(() => nightOption(night, lang, translate), [night, lang, translate]);
  const chart = useEChart(option);
  return (
    <Box data-testid="night-chart">
      <Box ref={chart} sx={{ width: '100%', height }} role="img" aria-label={summary.join('. ')} />
      {summary.map((line) => (
        <Typography key={line} variant="body2" data-testid="night-summary">
          {line}
        </Typography>
      ))}
    </Box>
  );
}

/** The night in words: "On 17:12 at 100 % · 50 % from 23:00 · off 07:41", the sun, and what is unusual. */
function useNightSummary(night: Night, lang: Language): string[] {
  const translate = useTranslate();
  const clock = clockIn(lang, night.city.timezone);
  const level = percent(lang);
  const lines: string[] = [];
  const methodName = (m: string) => translate(sl(m as never), { _: m });
  if (night.burn === 'none') lines.push(translate(sl('lightingPolarDay')));
  else if (night.burn === 'all') lines.push(translate(sl('lightingPolarNight')));
  else {
    const steps = nightSteps(night);
    if (steps.on)
      lines.push(
        [
          translate(sl('lightingSummaryOn'), { time: clock(steps.on.at), level: level(steps.on.level) }),
          ...steps.changes.map((c) =>
            translate(sl('lightingSummaryStep'), { time: clock(c.at), level: level(c.level) }),
          ),
          translate(sl('lightingSummaryOff'), { time: clock(steps.off!) }),
        ].join(' · '),
      );
  }
  if (night.sunset && night.sunrise)
    lines.push(
      translate(sl('lightingSummarySun'), { sunset: clock(night.sunset), sunrise: clock(night.sunrise) }),
    );
  if (night.fallback)
    lines.push(
      translate(sl('lightingFallback'), {
        method: methodName(night.method),
        fallback: methodName(night.fallback),
      }),
    );
  return lines;
}

function nightOption(night: Night, lang: Language, translate: (key: string) => string): ChartOption {
  const clock = clockIn(lang, night.city.timezone);
  const switches = nightSteps(night);
  const times = [night.sunset, night.sunrise, ...night.points.map((p) => p.at)]
    .filter((t): t is string => !!t)
    .map(Date.parse);
  // whole hours of the city (zones off by a whole hour), so the ticks fall on its clock's hours
  const min = times.length ? Math.floor((Math.min(...times) - HOUR / 2) / HOUR) * HOUR : 0;
  const max = times.length ? Math.ceil((Math.max(...times) + HOUR / 2) / HOUR) * HOUR : HOUR;
  const span = (max - min) / HOUR;
  const marks = [
    { at: night.sunset, name: translate(sl('lightingSunset')), sun: true },
    { at: night.sunrise, name: translate(sl('lightingSunrise')), sun: true },
    { at: switches.on?.at, name: translate(sl('lightingOn')), sun: false },
    { at: switches.off, name: translate(sl('lightingOff')), sun: false },
  ].filter((m) => m.at && Date.parse(m.at) >= min && Date.parse(m.at) <= max);
  return {
    animation: false,
    grid: { left: 44, right: 16, top: 28, bottom: 28 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v) => (typeof v === 'number' ? percent(lang)(v) : ''),
      axisPointer: { label: { formatter: (p) => clock(Number(p.value)) } },
    },
    xAxis: {
      type: 'value',
      min,
      max,
      interval: (span > 16 ? 4 : 2) * HOUR,
      axisLabel: { formatter: (v: number) => clock(v), hideOverlap: true },
      splitLine: { show: true, lineStyle: { type: 'dotted' } },
    },
    yAxis: { type: 'value', min: 0, max: 100, interval: 25, name: translate(sl('lightingLevel')) },
    series: [
      {
        type: 'line',
        name: translate(sl('lightingLevel')),
        symbol: 'none',
        data: night.points.map((p) => [Date.parse(p.at), p.level]),
        lineStyle: { width: 2, color: '#f9a825' },
        areaStyle: { color: 'rgba(249, 168, 37, 0.25)' },
        markLine: {
          symbol: 'none',
          silent: true,
          data: marks.map((m) => ({
            xAxis: Date.parse(m.at!),
            name: m.name,
            lineStyle: { type: m.sun ? 'dashed' : 'solid', color: m.sun ? '#5c6bc0' : '#2e7d32' },
            label: {
              formatter: m.name,
              position: m.sun ? 'insideEndTop' : 'insideStartTop',
              color: m.sun ? '#3949ab' : '#1b5e20',
              fontSize: 10,
            },
          })),
        },
      },
    ],
  };
}
