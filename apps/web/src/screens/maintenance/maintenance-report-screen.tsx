import { Box, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { ReportExportButtons } from '../energy/report-export-buttons.tsx';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import {
  formatMeasure,
  LOCALES,
  MAINTENANCE_REPORT_TYPES,
  PARTS_GROUPINGS,
  REPAIR_GROUPINGS,
  type Language,
  type MaintenanceReportType,
} from '@sl/domain';
import { addDays, localDay } from '@sl/domain/astro';
import { sl } from '../../i18n/messages.ts';
import { DateTextField } from '../../resources/inputs/date-text-field.tsx';
import { useAnswer } from '../lighting/use-answer.ts';
import {
  maintenanceExportUrl,
  maintenanceReport,
  type MaintenanceParams,
  type MaintenanceReport,
} from './maintenance-report-api.ts';
import { MaintenanceReportChart } from './maintenance-report-chart.tsx';
import { MaintenanceReportTable } from './maintenance-report-table.tsx';

const oneOf = <T extends string>(value: string | null, choices: readonly T[], fallback: T): T =>
  choices.includes(value as T) ? (value as T) : fallback;

const EMPTY_WORDS = {
  'open-orders': 'maintenanceReportNoOpen',
  'repair-times': 'maintenanceReportNoneDone',
  'parts-used': 'maintenanceReportNoParts',
} as const;

/** How many the report counts in all: an empty one says so instead of an empty chart. */
const countOf = (report: MaintenanceReport) =>
  report.type === 'open-orders'
    ? report.total.open
    : report.type === 'parts-used'
      ? report.total.total
      : report.total.done;

/** What the report says in one line: how many, and of the repair times those of all orders together. */
function Summary({ report }: { report: MaintenanceReport }) {
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  const hours = (v: number | null) => (v == null ? '—' : formatMeasure(v, 'h', lang, 2));
  if (report.type === 'open-orders') {
    const at = new Date(report.at).toLocaleString(LOCALES[lang], {
      timeZone: report.city.timezone,
      dateStyle: 'short',
      timeStyle: 'short',
    });
    return <Typography sx={{ my: 1 }}>{translate(sl('maintenanceReportAt'), { at })}</Typography>;
  }
  if (report.type === 'parts-used')
    return (
      <Typography sx={{ my: 1 }} data-testid="maintenance-report-summary">
        {translate(sl('maintenanceReportPartsSummary'), {
          count: report.total.total,
          months: report.months.length,
        })}
      </Typography>
    );
  const t = report.total;
  return (
    <Stack sx={{ my: 1 }}>
      <Typography data-testid="maintenance-report-summary">
        {translate(sl('maintenanceReportDoneSummary'), {
          done: t.done,
          median: hours(t.medianHours),
          p90: hours(t.p90Hours),
          share: t.withinShare == null ? '—' : formatMeasure(t.withinShare * 100, 'percent', lang, 1),
        })}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ maxWidth: 720 }}>
        {translate(sl('maintenanceReportShareHelp'))}
      </Typography>
    </Stack>
  );
}

/**
 * Maintenance reports (issue 32): the open orders by age and fault kind, the time to repair and the share within
 * the service level by fault kind, district or crew over a range of days, or the parts used per month by part or
 * model fitted; chart, table, files. Every choice rides in the address.
 */
export default function MaintenanceReportScreen() {
  const translate = useTranslate();
  const [search, setSearch] = useSearchParams();
  const type = oneOf(search.get('type'), MAINTENANCE_REPORT_TYPES, 'open-orders');
  // the last 30 days by default, this one included
  const today = localDay(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);
  // the groupings the report offers: the repair times' or the parts'
  const groupings: readonly MaintenanceParams['by'][] =
    type === 'parts-used' ? PARTS_GROUPINGS : REPAIR_GROUPINGS;
  const params: MaintenanceParams = {
    start: search.get('start') ?? addDays(today, -29),
    end: search.get('end') ?? today,
    by: oneOf(search.get('by'), groupings, groupings[0]!),
  };
  const set = (patch: Partial<MaintenanceParams & { type: MaintenanceReportType }>) =>
    setSearch(new URLSearchParams({ type, ...params, ...patch }), { replace: true });
  const inOrder = params.start <= params.end;
  const answer = useAnswer(inOrder ? JSON.stringify([type, params]) : undefined, () =>
    maintenanceReport(type, params),
  );
  const shown = answer.state === 'done' ? answer.value : answer.last;
  const empty = shown && countOf(shown) === 0;
  const onClock = (label: string) => (shown ? `${label} (${shown.city.timezone})` : label);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={sl('maintenanceReports')} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate(sl('maintenanceReports'))}
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            fullWidth={false}
            label={translate(sl('energyReportType'))}
            value={type}
            onChange={(e) => set({ type: e.target.value as MaintenanceReportType })}
            sx={{ width: 340 }}
            data-testid="maintenance-report-type"
          >
            {MAINTENANCE_REPORT_TYPES.map((k) => (
              <MenuItem key={k} value={k}>
                {translate(sl(`maintenanceReport.${k}`))}
              </MenuItem>
            ))}
          </TextField>
          {type !== 'open-orders' && (
            <>
              {(['start', 'end'] as const).map((end) => (
                <DateTextField
                  key={end}
                  kind="day"
                  size="small"
                  sx={{ width: 240 }}
                  label={onClock(translate(sl(end === 'start' ? 'energyStart' : 'energyEnd')))}
                  value={params[end]}
                  onChange={(day) => day && set({ [end]: day })}
                  error={end === 'end' && !inOrder}
                  helperText={end === 'end' && !inOrder ? translate(sl('analyticsBadPeriod')) : undefined}
                />
              ))}
              <TextField
                select
                size="small"
                fullWidth={false}
                label={translate(sl('energyGroupType'))}
                value={params.by}
                onChange={(e) => set({ by: e.target.value as MaintenanceParams['by'] })}
                sx={{ width: 220 }}
                data-testid="maintenance-report-by"
              >
                {groupings.map((g) => (
                  <MenuItem key={g} value={g}>
                    {translate(sl(`maintenanceReportBy.${g}`))}
                  </MenuItem>
                ))}
              </TextField>
            </>
          )}
          <Box sx={{ flexGrow: 1 }} />
          <ReportExportButtons href={(format) => maintenanceExportUrl(type, params, format)} />
        </Stack>
        {answer.state === 'failed' || answer.state === 'invalid' ? (
          <Typography role="alert" data-testid="maintenance-report-failed">
            {answer.message ?? translate(sl('energyFailed'))}
          </Typography>
        ) : !shown ? (
          <Typography>{translate(sl('energyLoading'))}</Typography>
        ) : (
          <Box sx={{ opacity: answer.state === 'loading' ? 0.5 : 1 }}>
            <Summary report={shown} />
            {empty ? (
              <Typography data-testid="maintenance-report-empty">
                {translate(sl(EMPTY_WORDS[shown.type]))}
              </Typography>
            ) : (
              <MaintenanceReportChart report={shown} />
            )}
            <MaintenanceReportTable report={shown} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
