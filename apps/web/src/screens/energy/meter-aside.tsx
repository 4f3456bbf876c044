import { useMemo, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import {
  entity,
  fieldLabel,
  formatMeasure,
  formatNumber,
  LOCALES,
  UNIT_SYMBOLS,
  type Language,
} from '@sl/domain';
import { useValueText } from '../../resources/value-text.ts';
import { useEChart, type ChartOption } from '../../charts/use-echart.ts';
import { sl } from '../../i18n/messages.ts';
import { ASIDE_CARD } from '../lighting/aside-card.ts';
import { useAnswer } from '../lighting/use-answer.ts';
import { useLiveTick } from '../../live/use-live-tick.ts';
import { useCityTime, type TimeText } from '../devices/city-time.ts';
import { activeData, averageData, report, type ActiveData } from './energy-api.ts';

const DAY = 86_400_000;
const PHASES = ['A', 'B', 'C'];

/**
 * The meter's latest reading (nothing before its record is), asked again when the live stream says this meter's
 * registers were written: at once after the controller reports, without asking the server every few seconds.
 */
function useActive(meter: number | undefined) {
  const tick = useLiveTick(['meters'], (data) => (data as { _id: number }[]).some((m) => m._id === meter));
  return useAnswer(meter === undefined ? undefined : `${meter}:${tick}`, () => activeData(meter!));
}

function ActiveTable({ data, lang, time }: { data: ActiveData; lang: Language; time: TimeText }) {
  const translate = useTranslate();
  const at = data.at && time(data.at, 'seconds');
  return (
    <>
      {at && <Typography variant="body2">{translate(sl('energyActiveAt'), { at })}</Typography>}
      <Table size="small" data-testid="meter-active">
        <TableHead>
          <TableRow>
            {['energyPhase', 'voltage', 'current', 'power', 'energy'].map((k) => (
              <TableCell key={k}>
                {k === 'energyPhase' ? translate(sl('energyPhase')) : fieldLabel(k, lang)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.phases.map((p) => (
            <TableRow key={p.phase}>
              <TableCell>{PHASES[p.phase - 1]}</TableCell>
              <TableCell>{formatMeasure(p.voltage, 'V', lang)}</TableCell>
              <TableCell>{formatMeasure(p.current, 'A', lang)}</TableCell>
              <TableCell>{formatMeasure(p.power, data.powerUnit, lang)}</TableCell>
              <TableCell>{formatMeasure(p.energy, 'kWh', lang)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

/**
 * Mean power per phase per day over the 30 days up to the meter's latest reading (a meter silent for weeks shows
 * what it did before it fell silent), zoomable.
 */
function PowerChart({ meter, lang, endDay }: { meter: number; lang: Language; endDay: number }) {
  const translate = useTranslate();
  const [range] = useState(() => ({
    start: new Date((endDay - 29) * DAY).toISOString(),
    end: new Date(Math.min(Date.now(), (endDay + 1) * DAY)).toISOString(),
  }));
  const answer = useAnswer(String(meter), () =>
    report('instant-values', { ...range, groupType: 'BY_DAY', meter }),
  );
  const rows = answer.state === 'done' ? answer.value.rows : [];
  const option = useMemo((): ChartOption => {
    const periods = rows.map((r) => r.period);
    const watts = (r: (typeof rows)[number]) => (r.powerUnit === 'kW' ? 1000 : 1);
    return {
      animation: false,
      grid: { left: 56, right: 16, top: 32, bottom: 64 },
      legend: { top: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: {
        type: 'category',
        data: periods,
        axisLabel: {
          formatter: (day: string) => new Date(`${day}T00:00:00`).toLocaleDateString(LOCALES[lang]),
        },
      },
      yAxis: {
        type: 'value',
        name: UNIT_SYMBOLS.W[lang],
        axisLabel: { formatter: (v: number) => formatNumber(v, lang, 2) },
      },
      dataZoom: [{ type: 'inside' }, { type: 'slider', bottom: 12 }],
      series: [1, 2, 3].map((n) => ({
        type: 'line',
        name: PHASES[n - 1],
        data: rows.map((r) => {
          const p = (r.phases as { phase: number; power: number }[]).find((x) => x.phase === n);
          return p ? p.power * watts(r) : null;
        }),
      })),
    };
  }, [rows, lang]);
  const chart = useEChart(option);
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {translate(sl('energyPowerRange'), {
          from: new Date(range.start).toLocaleDateString(LOCALES[lang]),
          to: new Date(range.end).toLocaleDateString(LOCALES[lang]),
        })}
        {answer.state === 'done' && !rows.length ? ` ${translate(sl('energyPowerNone'))}` : ''}
      </Typography>
      <Box ref={chart} data-testid="meter-power-chart" sx={{ width: '100%', height: 220 }} />
    </>
  );
}

const AVERAGE = entity('MetersAverageData');
// five columns in the aside's width: a date and four values with their units
const COMPACT = { '& th, & td': { px: 0.5, whiteSpace: 'nowrap' } } as const;
/** active and reactive energy, import and export: a register a meter lacks shows as a dash */
const REGISTERS = ['naP', 'naM', 'nrP', 'nrM'] as const;

/** Beside a meter: its latest reading (live), its power per phase and its hourly average data. */
export default function MeterAside() {
  const translate = useTranslate();
  const valueText = useValueText();
  const [lang] = useLocaleState() as [Language, unknown];
  const record = useRecordContext();
  const time = useCityTime(record?.city);
  const meter = record ? Number(record.id) : undefined;
  const active = useActive(meter);
  const average = useAnswer(meter === undefined ? undefined : String(meter), () => averageData(meter!));
  if (!record || meter === undefined) return null;
  const shown = active.state === 'done' ? active.value : active.last;
  const endDay = Math.floor((shown?.at ? Date.parse(shown.at) : Date.now()) / DAY);
  return (
    <Card sx={ASIDE_CARD} data-testid="meter-aside">
      <CardContent>
        <Typography variant="subtitle1">{translate(sl('energyActive'))}</Typography>
        {shown && shown.phases.length ? (
          <ActiveTable data={shown} lang={lang} time={time} />
        ) : (
          <Typography variant="body2">{translate(sl('energyNoReading'))}</Typography>
        )}
        <Divider sx={{ my: 1.5 }} />
        <Typography variant="subtitle1">{translate(sl('energyPowerChart'))}</Typography>
        {active.state === 'loading' && !active.last ? null : (
          <PowerChart key={endDay} meter={meter} lang={lang} endDay={endDay} />
        )}
        <Divider sx={{ my: 1.5 }} />
        <Typography variant="subtitle1">{translate(sl('energyAverage'))}</Typography>
        <Table size="small" data-testid="meter-average" sx={COMPACT}>
          <TableHead>
            <TableRow>
              {['date', ...REGISTERS].map((k) => (
                <TableCell key={k}>{fieldLabel(k, lang)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {(average.state === 'done' ? average.value : []).map((r) => (
              <TableRow key={r.id}>
                <TableCell>{time(r.date)}</TableCell>
                {REGISTERS.map((k) => (
                  <TableCell key={k}>{r[k] == null ? '—' : valueText(AVERAGE.fields[k]!, r[k])}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Button component={Link} to={`/Reports/${meter}`} sx={{ mt: 1 }}>
          {translate(sl('energyReportLink'))}
        </Button>
      </CardContent>
    </Card>
  );
}
