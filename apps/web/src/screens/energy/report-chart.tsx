import { useMemo } from 'react';
import { Box } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatNumber, LOCALES, UNIT_SYMBOLS, type Language } from '@sl/domain';
import { reportTitle } from '@sl/domain/energy';
import { useEChart, type ChartOption } from '../../charts/use-echart.ts';
import { sl } from '../../i18n/messages.ts';
import type { Report, ReportKind, ReportRow } from './energy-api.ts';

type Series = { name: string; values: (number | null)[]; stack?: string };
type Phase = Record<string, number>;
const PHASES = ['A', 'B', 'C'];

/** Per period, summed over the report's meters: what each kind of report draws. */
function seriesOf(kind: ReportKind, periods: string[], rows: ReportRow[], lang: Language): Series[] {
  const sum = (pick: (r: ReportRow) => number, where: (r: ReportRow) => boolean = () => true) =>
    periods.map((p) => rows.filter((r) => r.period === p && where(r)).reduce((s, r) => s + pick(r), 0));
  const phase = (r: ReportRow, n: number, key: string) =>
    ((r.phases as Phase[] | undefined) ?? []).find((p) => p.phase === n)?.[key] ?? 0;
  // a period without readings has no bar, not a bar at 0
  if (kind === 'consumption')
    return [
      {
        name: reportTitle('energy', lang),
        values: periods.map((p) => {
          const kwh = rows.find((r) => r.period === p)?.kwh;
          return kwh == null ? null : Number(kwh);
        }),
      },
    ];
  if (kind === 'energy-saved') {
    // a period no lamp reported in is one row with empty figures: no bar, not a bar at 0
    const read = (key: 'drawnKwh' | 'savedKwh') =>
      periods.map((p) => {
        const known = rows.filter((r) => r.period === p && r[key] != null);
        return known.length ? known.reduce((s, r) => s + Number(r[key]), 0) : null;
      });
    return [
      { name: reportTitle('drawnKwh', lang), values: read('drawnKwh'), stack: 'full' },
      { name: reportTitle('savedKwh', lang), values: read('savedKwh'), stack: 'full' },
    ];
  }
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

/**
 * Each run of periods whose value is empty, as the category axis's edges around it: a category's index is its
 * centre, so the run reaches half a period beyond its first and last.
 */
function runsWithout(values: (number | null)[]): [number, number][] {
  const runs: [number, number][] = [];
  values.forEach((v, i) => {
    if (v !== null) return;
    const last = runs.at(-1);
    if (last && values[i - 1] === null) last[1] = i + 0.5;
    else runs.push([i - 0.5, i + 0.5]);
  });
  return runs;
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
        valueFormatter: (v) => (v == null ? '—' : `${formatNumber(Number(v), lang, 3)} ${unit}`),
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
      series: series.map((s, i) =>
        line
          ? { type: 'line', name: s.name, data: s.values, showSymbol: true }
          : {
              type: 'bar',
              name: s.name,
              data: s.values,
              stack: s.stack,
              // the runs of periods without readings, shaded and named so, told apart from a period at 0
              markArea:
                i === 0
                  ? {
                      silent: true,
                      itemStyle: { color: 'rgba(128, 128, 128, 0.14)' },
                      label: { position: 'insideTop', color: '#757575' },
                      data: runsWithout(s.values).map(([from, to]) => [
                        { name: translate(sl('energyNoReadings')), xAxis: from },
                        { xAxis: to },
                      ]),
                    }
                  : undefined,
            },
      ),
    };
  }, [kind, report, lang, translate]);
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
