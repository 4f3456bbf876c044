import { useMemo } from 'react';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatMeasure, formatNumber, LOCALES, UNIT_SYMBOLS, type Language } from '@sl/domain';
import { zonedInstant } from '@sl/domain/astro';
import { useEChart, type ChartOption } from '../../charts/use-echart.ts';
import { sl } from '../../i18n/messages.ts';
import { useAnswer } from '../lighting/use-answer.ts';
import { report } from './energy-api.ts';

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

const monthIn = (lang: Language, m: number) =>
  new Date(Date.UTC(2000, m, 1)).toLocaleString(LOCALES[lang], { month: 'short', timeZone: 'UTC' });

/** kWh per month of a year on the city's calendar (a month with no readings, or yet to come: null, not 0). */
async function yearByMonth(year: number, city: number, tz: string) {
  const start = zonedInstant(`${year}-01-01`, '00:00', tz).toISOString();
  const end = zonedInstant(`${year + 1}-01-01`, '00:00', tz).toISOString();
  const r = await report('consumption', { start, end, groupType: 'BY_MONTH', city });
  return MONTHS.map((m) => {
    const kwh = r.rows.find((x) => x.period === `${year}-${m}`)?.kwh;
    return kwh == null ? null : Number(kwh);
  });
}

const kwhOrNone = (kwh: number | null | undefined, lang: Language) =>
  kwh == null ? '—' : formatMeasure(kwh, 'kWh', lang, 3);

/** A year's consumption month by month against the year before. */
export function YearComparison({ year, city, tz }: { year: number; city: number; tz: string }) {
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  const answer = useAnswer(JSON.stringify([year, city, tz]), async () => ({
    now: await yearByMonth(year, city, tz),
    before: await yearByMonth(year - 1, city, tz),
  }));
  const data = answer.state === 'done' ? answer.value : answer.last;
  const monthName = (m: number) => monthIn(lang, m);
  const option = useMemo(
    (): ChartOption => ({
      animation: false,
      grid: { left: 56, right: 16, top: 40, bottom: 32 },
      legend: { top: 0 },
      tooltip: { trigger: 'axis', valueFormatter: (v) => kwhOrNone(v == null ? null : Number(v), lang) },
      xAxis: { type: 'category', data: MONTHS.map((_, i) => monthIn(lang, i)) },
      yAxis: {
        type: 'value',
        name: UNIT_SYMBOLS.kWh[lang],
        axisLabel: { formatter: (v: number) => formatNumber(v, lang, 2) },
      },
      series: [
        { type: 'bar', name: String(year - 1), data: data?.before ?? [] },
        { type: 'bar', name: String(year), data: data?.now ?? [] },
      ],
    }),
    [data, year, lang],
  );
  const chart = useEChart(option);
  return (
    <Box data-testid="year-comparison">
      <Typography variant="subtitle1">
        {translate(sl('analyticsYears'), { year, previous: year - 1 })}
      </Typography>
      <Box ref={chart} sx={{ width: '100%', height: 280 }} />
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate(sl('analyticsMonth'))}</TableCell>
            <TableCell align="right">{year - 1}</TableCell>
            <TableCell align="right">{year}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data &&
            MONTHS.map((m, i) => (
              <TableRow key={m}>
                <TableCell>{monthName(i)}</TableCell>
                <TableCell align="right">{kwhOrNone(data.before[i], lang)}</TableCell>
                <TableCell align="right">{kwhOrNone(data.now[i], lang)}</TableCell>
              </TableRow>
            ))}
        </TableBody>
      </Table>
    </Box>
  );
}
