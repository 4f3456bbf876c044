import { useMemo } from 'react';
import { Box, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatTimeText, LOCALES, type Language } from '@sl/domain';
import { localDays, type ScheduleDay, type TwilightDay } from '@sl/domain/schedule';
import { sl } from '../../i18n/messages.ts';
import { useEChart, type ChartOption } from '../../charts/use-echart.ts';

const minutes = (t?: string) => (t ? Number(t.slice(0, 2)) * 60 + Number(t.slice(3)) : null);
const clock = (v: number) =>
  `${String(Math.floor(v / 60)).padStart(2, '0')}:${String(v % 60).padStart(2, '0')}`;

type Props = { months: { month: string; timeData: ScheduleDay[] }[]; sun: TwilightDay[]; timeZone: string };

/** On and off over the year in local time, sunrise and sunset drawn behind them. */
export function ScheduleChart({ months, sun, timeZone }: Props) {
  const translate = useTranslate();
  const lang = useLocaleState()[0] as Language;
  const option = useMemo<ChartOption>(() => {
    // the day and the time as the language writes them: 1 янв., Jan 1; 18:00, 06:00 PM
    const day = new Intl.DateTimeFormat(LOCALES[lang], { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const dayText = (d: string) => day.format(Date.parse(`${d}T00:00Z`));
    const timeText = (v: number) => formatTimeText(clock(v % 1440), lang);
    const set = new Map(
      months.flatMap((m) => localDays(m.month, m.timeData, timeZone)).map((d) => [d.date, d]),
    );
    const dates = sun.map((d) => d.date);
    const line = (name: string, values: (number | null)[], color: string, dashed = false) => ({
      type: 'line' as const,
      name,
      data: values,
      showSymbol: false,
      connectNulls: false,
      lineStyle: { color, width: dashed ? 1 : 2, type: dashed ? ('dashed' as const) : ('solid' as const) },
      itemStyle: { color },
    });
    return {
      animation: false,
      grid: { left: 48, right: 16, top: 32, bottom: 28 },
      legend: { top: 0 },
      tooltip: { trigger: 'axis', valueFormatter: (v) => (typeof v === 'number' ? timeText(v) : '') },
      xAxis: { type: 'category', data: dates, axisLabel: { formatter: dayText } },
      yAxis: { type: 'value', min: 0, max: 1440, interval: 180, axisLabel: { formatter: timeText } },
      series: [
        line(
          translate(sl('scheduleSunrise')),
          sun.map((d) => minutes(d.sunrise)),
          '#f5b041',
          true,
        ),
        line(
          translate(sl('scheduleSunset')),
          sun.map((d) => minutes(d.sunset)),
          '#af601a',
          true,
        ),
        line(
          translate(sl('scheduleOff')),
          dates.map((d) => minutes(set.get(d)?.off)),
          '#2e86c1',
        ),
        line(
          translate(sl('scheduleOn')),
          dates.map((d) => minutes(set.get(d)?.on)),
          '#1e8449',
        ),
      ],
    };
  }, [months, sun, timeZone, translate, lang]);
  const ref = useEChart(option);
  return (
    <Box>
      <Typography variant="subtitle2">{translate(sl('scheduleChart'))}</Typography>
      <Box ref={ref} sx={{ height: 260 }} data-testid="schedule-chart" />
    </Box>
  );
}
