import { useState } from 'react';
import { ReportExportButtons } from './report-export-buttons.tsx';
import { Box, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Title, useGetList, useLocaleState, useTranslate } from 'react-admin';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { formatMeasure, formatNumber, type Language } from '@sl/domain';
import { GROUP_TYPES } from '@sl/domain/energy';
import { sl } from '../../i18n/messages.ts';
import { canDo } from '../../providers/auth-provider.ts';
import { InstantTextField } from '../../resources/inputs/date-text-field.tsx';
import { useAnswer } from '../lighting/use-answer.ts';
import { exportUrl, REPORT_KINDS, report, type ReportKind, type ReportParams } from './energy-api.ts';
import { ReportChart } from './report-chart.tsx';
import { ReportTable } from './report-table.tsx';

type ScopeSelectProps = {
  label: string;
  all: string;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  choices: [number, string][];
  testId?: string;
};

/** One of the records a report can be narrowed to, or all of them (the empty value, shown as chosen). */
function ScopeSelect({ label, all, value, onChange, choices, testId }: ScopeSelectProps) {
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
      sx={{ width: 200 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      data-testid={testId}
    >
      <MenuItem value="">{all}</MenuItem>
      {choices.map(([id, name]) => (
        <MenuItem key={id} value={id}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The report's choices as its address's query: the type and every choice made (the meter rides in the path). */
function addressOf(kind: string, p: ReportParams): URLSearchParams {
  const { meter: _inPath, ...chosen } = p;
  const q = new URLSearchParams({ type: kind });
  for (const [k, v] of Object.entries(chosen)) if (v !== undefined && v !== '') q.set(k, String(v));
  return q;
}

/** Reports (all meters) and Reports/{meter id}: choose the type (`?type=`), the range (default today so far, by day), grouping and scope; chart, table, files. */
export default function ReportScreen() {
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  const navigate = useNavigate();
  const { id } = useParams();
  const meter = id && /^\d+$/.test(id) ? Number(id) : undefined;
  const [search, setSearch] = useSearchParams();
  const type = search.get('type') ?? '';
  const kind = (REPORT_KINDS as string[]).includes(type) ? (type as ReportKind) : 'consumption';
  // a report can be linked to: its range, grouping, city and cabinet ride in the address
  const [params, setParams] = useState<ReportParams>(() => {
    const n = (k: string) => (search.get(k) ? Number(search.get(k)) : undefined);
    return {
      start: search.get('start') ?? '',
      end: search.get('end') ?? '',
      groupType: search.get('groupType') ?? 'BY_DAY',
      city: n('city'),
      cabinet: n('cabinet'),
      district: n('district'),
      groupControl: n('groupControl'),
      meter,
    };
  });
  const cities = useGetList('Cities', { pagination: { page: 1, perPage: 100 } }).data ?? [];
  const cabinets = useGetList('Cabinets', { pagination: { page: 1, perPage: 1000 } }).data ?? [];
  const city = params.city ?? (cities[0]?.id as number | undefined);
  const districts =
    useGetList(
      'Districts',
      { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' }, filter: { city } },
      { enabled: canDo('Districts', 'list') && city !== undefined },
    ).data ?? [];
  const groupControls =
    useGetList(
      'GroupControl',
      { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } },
      { enabled: canDo('GroupControl', 'list') && kind === 'consumption' && !meter },
    ).data ?? [];
  const whole = { cabinet: undefined, district: undefined, groupControl: undefined, meter: undefined };
  const asked = {
    ...params,
    city,
    ...(kind === 'energy-saved' && whole),
    ...(kind !== 'consumption' && { groupControl: undefined }),
  };
  const answer = useAnswer(JSON.stringify([kind, asked]), () => report(kind, asked));
  const shown = answer.state === 'done' ? answer.value : answer.last;
  // every choice is written to the address (replacing it): a reload, a bookmark or a link shows the same report
  const set = (patch: Partial<ReportParams>) => {
    const next = { ...params, ...patch };
    setParams(next);
    setSearch(addressOf(kind, next), { replace: true });
  };
  // the range is typed and shown on the report's city's clock, on which its periods are cut
  const zone = shown?.city.timezone;
  const onClock = (label: string) => (zone ? `${label} (${zone})` : label);
  const money = (v: number | null) =>
    v == null ? '—' : `${formatNumber(v, lang, 2)} ${shown?.city.currency ?? ''}`;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={sl('reports')} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate(sl('reports'))}
          {meter !== undefined && ` · ${meter}`}
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            fullWidth={false}
            label={translate(sl('energyReportType'))}
            value={kind}
            onChange={(e) =>
              navigate(`/Reports${meter ? `/${meter}` : ''}?${addressOf(e.target.value, params)}`)
            }
            sx={{ width: 220 }}
            data-testid="report-type"
          >
            {REPORT_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {translate(sl(`energyType.${k}` as never))}
              </MenuItem>
            ))}
          </TextField>
          <InstantTextField
            size="small"
            sx={{ width: 240 }}
            label={onClock(translate(sl('energyStart')))}
            timeZone={zone}
            value={params.start || shown?.start || ''}
            onChange={(v) => set({ start: v ?? '' })}
          />
          <InstantTextField
            size="small"
            sx={{ width: 240 }}
            label={onClock(translate(sl('energyEnd')))}
            timeZone={zone}
            value={params.end || shown?.end || ''}
            onChange={(v) => set({ end: v ?? '' })}
          />
          <TextField
            select
            size="small"
            fullWidth={false}
            label={translate(sl('energyGroupType'))}
            value={params.groupType}
            onChange={(e) => set({ groupType: e.target.value })}
            sx={{ width: 170 }}
            data-testid="report-group-type"
          >
            {GROUP_TYPES.map((g) => (
              <MenuItem key={g} value={g}>
                {translate(sl(`energyGroup.${g}` as never))}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            fullWidth={false}
            label={translate(sl('energyCity'))}
            value={city ?? ''}
            onChange={(e) => set({ city: Number(e.target.value), district: undefined })}
            sx={{ width: 220 }}
          >
            {cities.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {(c.name as Record<string, string>)?.[lang] ?? (c.name as Record<string, string>)?.['en-us']}
              </MenuItem>
            ))}
          </TextField>
          {kind !== 'energy-saved' && !meter && (
            <ScopeSelect
              label={translate(sl('energyCabinet'))}
              all={translate(sl('energyAllCabinets'))}
              value={params.cabinet}
              onChange={(cabinet) => set({ cabinet, groupControl: undefined })}
              choices={cabinets.map((c) => [c.id as number, String(c.uid ?? c.id)])}
            />
          )}
          {kind !== 'energy-saved' && !meter && canDo('Districts', 'list') && (
            <ScopeSelect
              label={translate(sl('energyDistrict'))}
              all={translate(sl('energyAllDistricts'))}
              value={params.district}
              onChange={(district) => set({ district, groupControl: undefined })}
              choices={districts.map((d) => [d.id as number, String(d.name ?? d.id)])}
              testId="report-district"
            />
          )}
          {kind === 'consumption' && !meter && canDo('GroupControl', 'list') && (
            // a group control's lamps are metered by their modules: it stands alone, not within a cabinet or district
            <ScopeSelect
              label={translate(sl('energyGroupControl'))}
              all={translate(sl('energyAllGroupControls'))}
              value={params.groupControl}
              onChange={(groupControl) => set({ groupControl, cabinet: undefined, district: undefined })}
              choices={groupControls.map((g) => [g.id as number, String(g.name ?? g.id)])}
              testId="report-group-control"
            />
          )}
          <Box sx={{ flexGrow: 1 }} />
          <ReportExportButtons href={(format) => exportUrl(kind, asked, format)} />
        </Stack>
        {answer.state === 'failed' || answer.state === 'invalid' ? (
          <Typography role="alert" data-testid="report-failed">
            {answer.message ?? translate(sl('energyFailed'))}
          </Typography>
        ) : !shown ? (
          <Typography>{translate(sl('energyLoading'))}</Typography>
        ) : (
          <Box sx={{ opacity: answer.state === 'loading' ? 0.5 : 1 }}>
            {shown.rows.every(
              (r) =>
                (kind === 'consumption' && r.kwh == null) || (kind === 'energy-saved' && r.savedKwh == null),
            ) && <Typography data-testid="report-no-data">{translate(sl('energyNoData'))}</Typography>}
            <ReportChart kind={kind} report={shown} />
            {shown.total?.kwh != null && (
              <Typography sx={{ my: 1 }} data-testid="report-total">
                {translate(sl('energyTotal'), {
                  kwh: formatMeasure(shown.total.kwh, 'kWh', lang, 3),
                  cost: money(shown.total.cost),
                  co2: shown.total.co2Kg == null ? '—' : formatMeasure(shown.total.co2Kg, 'kg', lang, 3),
                })}
              </Typography>
            )}
            <ReportTable kind={kind} report={shown} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
