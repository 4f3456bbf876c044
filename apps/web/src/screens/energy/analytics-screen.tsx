import { useState } from 'react';
import { Card, CardContent, Divider, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Title, useGetList, useLocaleState, useTranslate } from 'react-admin';
import { floorTo, formatMeasure, formatNumber, type Language } from '@sl/domain';
import { addDays, zonedInstant } from '@sl/domain/astro';
import { DateTextField } from '../../resources/inputs/date-text-field.tsx';
import { sl } from '../../i18n/messages.ts';
import { useAnswer } from '../lighting/use-answer.ts';
import { availability, report } from './energy-api.ts';
import { YearComparison } from './year-comparison.tsx';

type Period = { from: string; to: string };
const yearPeriod = (year: number): Period => ({ from: `${year}-01-01`, to: `${year}-12-31` });

/**
 * The period's effectiveness (its first to its last local day, on the city's clock): consumption with cost and CO2,
 * burning hours, energy saved and availability.
 */
function PeriodEffectiveness({ period, city, tz }: { period: Period; city: number; tz: string }) {
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  const answer = useAnswer(JSON.stringify([period, city, tz]), async () => {
    const range = {
      start: zonedInstant(period.from, '00:00', tz).toISOString(),
      end: zonedInstant(addDays(period.to, 1), '00:00', tz).toISOString(),
      groupType: 'BY_PERIOD',
      city,
    };
    const [used, saved, available] = await Promise.all([
      report('consumption', range),
      report('energy-saved', range),
      availability(range),
    ]);
    return { used: used.total, currency: used.city.currency, saved: saved.rows[0], available };
  });
  if (answer.state !== 'done') return null;
  const { used, saved, currency, available } = answer.value;
  const kwh = (v: unknown) => formatMeasure(Number(v ?? 0), 'kWh', lang, 3);
  // no lamp or meter reported in the period: nothing is known of it, which is not 0
  const known = (v: unknown, shown: (v: number) => string) => (v == null ? '—' : shown(Number(v)));
  const lines: [string, string][] = [
    ['analyticsConsumption', known(used?.kwh, kwh)],
    ['analyticsCost', known(used?.cost, (v) => `${formatNumber(v, lang, 2)} ${currency ?? ''}`)],
    ['analyticsCo2', known(used?.co2Kg, (v) => formatMeasure(v, 'kg', lang, 3))],
    ['analyticsBurnHours', known(saved?.burnHours, (v) => formatMeasure(v, 'h', lang))],
    ['analyticsFull', known(saved?.fullKwh, kwh)],
    ['analyticsDrawn', known(saved?.drawnKwh, kwh)],
    ['analyticsSaved', known(saved?.savedKwh, kwh)],
  ];
  return (
    <Stack data-testid="period-effectiveness">
      {lines.map(([key, value]) => (
        <Typography key={key} variant="body2">
          {translate(sl(key as never))}: {value}
        </Typography>
      ))}
      <Typography variant="body2" data-testid="analytics-availability">
        {translate(sl('analyticsAvailability'))}:{' '}
        {available.availability === null
          ? translate(sl('analyticsNoLamps'))
          : formatMeasure(floorTo(available.availability * 100, 2), 'percent', lang, 2)}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ maxWidth: 640 }}>
        {translate(sl('analyticsAvailabilityHelp'))}
      </Typography>
    </Stack>
  );
}

const zoneOf = (tz: unknown) => (typeof tz === 'string' && tz ? tz : 'UTC');

/** Analytics: a year's effectiveness and its consumption month by month against the year before. */
export default function AnalyticsScreen() {
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  const [year, setYear] = useState(new Date().getFullYear());
  const [period, setPeriod] = useState<Period>(() => yearPeriod(year));
  // what is typed; a period is taken once both days are read and in order, until then the last one stays shown
  const [draft, setDraft] = useState<{ from: string | null; to: string | null }>(period);
  const take = (next: typeof draft) => {
    setDraft(next);
    if (next.from && next.to && next.from <= next.to) setPeriod({ from: next.from, to: next.to });
  };
  const chooseYear = (y: number) => {
    setYear(y);
    take(yearPeriod(y));
  };
  const inOrder = !draft.from || !draft.to || draft.from <= draft.to;
  const cities = useGetList('Cities', { pagination: { page: 1, perPage: 100 } }).data ?? [];
  const [chosen, setChosen] = useState<number>();
  const city = cities.find((c) => c.id === chosen) ?? cities[0];
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={sl('analytics')} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate(sl('analytics'))}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
          <TextField
            select
            size="small"
            fullWidth={false}
            sx={{ width: 140 }}
            label={translate(sl('analyticsYear'))}
            value={year}
            onChange={(e) => chooseYear(Number(e.target.value))}
            data-testid="analytics-year"
          >
            {Array.from({ length: 6 }, (_, i) => new Date().getFullYear() - i).map((y) => (
              <MenuItem key={y} value={y}>
                {y}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            fullWidth={false}
            sx={{ width: 240 }}
            label={translate(sl('energyCity'))}
            value={city?.id ?? ''}
            onChange={(e) => setChosen(Number(e.target.value))}
          >
            {cities.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {(c.name as Record<string, string>)?.[lang] ?? (c.name as Record<string, string>)?.['en-us']}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {city && (
          <>
            <Typography variant="subtitle1">{translate(sl('analyticsPeriod'))}</Typography>
            <Stack direction="row" spacing={2} sx={{ my: 1 }} data-testid="analytics-period">
              {(['from', 'to'] as const).map((end) => (
                <DateTextField
                  key={end}
                  kind="day"
                  size="small"
                  sx={{ width: 260 }}
                  label={translate(sl(end === 'from' ? 'analyticsFrom' : 'analyticsTo'))}
                  value={draft[end]}
                  onChange={(day) => take({ ...draft, [end]: day })}
                  error={end === 'to' && !inOrder}
                  helperText={end === 'to' && !inOrder ? translate(sl('analyticsBadPeriod')) : undefined}
                />
              ))}
            </Stack>
            <PeriodEffectiveness period={period} city={Number(city.id)} tz={zoneOf(city.timezone)} />
            <Divider sx={{ my: 2 }} />
            <YearComparison year={year} city={Number(city.id)} tz={zoneOf(city.timezone)} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
