import { useMemo } from 'react';
import { Box } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatNumber, LOCALES, UNIT_SYMBOLS, type Language } from '@sl/domain';
import { reportTitle } from '@sl/domain/energy';
import { useEChart, type ChartOption } from '../../charts/use-echart.ts';
import { sl } from '../../i18n/messages.ts';
import type { Report, ReportKind, ReportRow } from './energy-api.ts';

type Series = { name: string; values: number[]; stack?: string };
type Phase = Record<string, number>;
const PHASES = ['A', 'B', 'C'];

/** Per period, summed over the report's meters: what each kind of report draws. */
function seriesOf(kind: ReportKind, periods: string[], rows: ReportRow[], lang: Language): Series[] {
  const sum = (pick: (r: ReportRow) => number, where: (r: ReportRow) => boolean = () => true) =>
    periods.map((p) => rows.filter((r) => r.period === p && where(r)).reduce((s, r) => s + pick(r), 0));
  const phase = (r: ReportRow, n: number, key: string) =>
    ((r.phases as Phase[] | undefined) ?? []).find((p) => p.phase === n)?.[key] ?? 0;
  if (kind === 'consumption')
    return [{ name: reportTitle('energy', lang), values: sum((r) => Number(r.kwh)) }];
  if (kind === 'energy-saved')
    return [
      { name: reportTitle('drawnKwh', lang), values: sum((r) => Number(r.drawnKwh)), stack: 'full' },
      { name: reportTitle('savedKwh', lang), values: sum((r) => Number(r.savedKwh)), stack: 'full' },
    ];
  const key = kind === 'indications' ? 'kwh' : 'power';
  // instant values: every meter's power in W, whatever unit its own rows were given in
  const watts = (r: ReportRow) => (kind === 'instant-values' && r.powerUnit === 'kW' ? 1000 : 1);
  // only the phases some meter has: a missing phase is not a phase at 0
  const had = (n: number) =>
    rows.some((r) => ((r.phases as Phase[] | undefined) ?? []).some((p) => p.phase === n));
  return [1, 2, 3].filter(had).map((n) => ({
    name: `${PHASES[n - 1]}`,
    values: sum((r) => phase(r, n, key) * watts(r)),
  }));
}

/** A report's periods as bars or lines, zoomable (wheel, drag and the slider). */
export function ReportChart({ kind, report }: { kind: ReportKind; report: Report }) {
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  const option = useMemo((): ChartOption => {
    const periods = [...new Set(report.rows.map((r) => r.period))];
    const series = seriesOf(kind, periods, report.rows, lang);
    const unit = kind === 'instant-values' ? UNIT_SYMBOLS.W[lang] : UNIT_SYMBOLS.kWh[lang];
    const line = kind === 'indications' || kind === 'instant-values';
    return {
      animation: false,
      grid: { left: 64, right: 24, top: 40, bottom: 72 },
      legend: { top: 0 },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v) => `${formatNumber(Number(v), lang, 3)} ${unit}`,
      },
      xAxis: {
        type: 'category',
        data: periods,
        // a day as the language writes it; weeks, months and years as the report names them
        axisLabel: {
          formatter: (p: string) =>
            /^\d{4}-\d{2}-\d{2}$/.test(p) ? new Date(`${p}T00:00:00`).toLocaleDateString(LOCALES[lang]) : p,
        },
      },
      yAxis: {
        type: 'value',
        name: unit,
        axisLabel: { formatter: (v: number) => formatNumber(v, lang, 2) },
      },
      dataZoom: [{ type: 'inside' }, { type: 'slider', bottom: 16 }],
      series: series.map((s) =>
        line
          ? { type: 'line', name: s.name, data: s.values, showSymbol: true }
          : { type: 'bar', name: s.name, data: s.values, stack: s.stack },
      ),
    };
  }, [kind, report, lang]);
  const chart = useEChart(option);
  return (
    <Box
      ref={chart}
      data-testid="report-chart"
      role="img"
      aria-label={translate(sl(`energyType.${kind}` as never))}
      sx={{ width: '100%', height: 320 }}
    />
  );
}
