import { useEffect, useState } from 'react';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { may, TWILIGHT_METHODS } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import { canDo, storedSubject } from '../../providers/auth-provider.ts';
import {
  controllersOf,
  fileUrl,
  saveMonth,
  monthsOf,
  twilightOf,
  type Controller,
  type Fill,
  type MonthRow,
} from './schedule-api.ts';
import { toMonthRecords, type TwilightDay } from '@sl/domain/schedule';
import { MonthTable } from './month-table.tsx';
import { ScheduleChart } from './schedule-chart.tsx';
import { ScheduleUpload } from './schedule-upload.tsx';
import { YearOfMonths } from './year-of-months.tsx';

const pad = (n: number) => String(n).padStart(2, '0');

/** A cabinet controller's power schedule (spec §2; issue 12): its year, a month edited in place, its files. */
export default function ScheduleScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const controller = Number(params.get('controller')) || undefined;
  const [controllers, setControllers] = useState<Controller[]>([]);
  const [year, setYear] = useState(new Date().getFullYear());
  const [month, setMonth] = useState(`${new Date().getFullYear()}-${pad(new Date().getMonth() + 1)}`);
  const [rows, setRows] = useState<MonthRow[]>([]);
  const [sun, setSun] = useState<{ timeZone: string; days: TwilightDay[] }>();
  const [fill, setFill] = useState<Fill>({ method: 'MID', onOffset: 0, offOffset: 0 });
  const [version, setVersion] = useState(0);
  const editable = canDo('ControllerSchedule', 'create') && canDo('ControllerSchedule', 'edit');
  const subject = storedSubject();
  const mayUpload = editable && subject !== undefined && may(subject, 'ControllerSchedule', 'upload', true);
  useEffect(
    () =>
      void controllersOf()
        .then(setControllers)
        .catch(() => undefined),
    [],
  );
  useEffect(() => {
    if (!controller) return;
    let gone = false;
    void monthsOf(controller, year)
      .then((r) => !gone && setRows(r))
      .catch(() => undefined);
    return () => void (gone = true);
  }, [controller, year, version]);
  useEffect(() => {
    if (!controller) return;
    let gone = false;
    void twilightOf(controller, `${year}-01-01`, `${year}-12-31`, fill)
      .then((s) => !gone && setSun(s))
      .catch(() => undefined);
    return () => void (gone = true);
    // the sun's lines do not move with the fill's settings
  }, [controller, year]);
  const stored = rows.find((r) => r.month === month)?.timeData ?? [];
  const step = (by: number) => {
    setYear(year + by);
    setMonth(`${year + by}-${month.slice(5)}`);
  };
  const fillYear = async () => {
    if (!controller) return;
    const { timeZone, days } = await twilightOf(controller, `${year}-01-01`, `${year}-12-31`, fill);
    for (const [m, timeData] of toMonthRecords(days, timeZone)) await saveMonth(controller, m, timeData);
    notify(sl('scheduleFilledYear'), { type: 'success' });
    setVersion((v) => v + 1);
  };
  const setNumber = (key: 'onOffset' | 'offOffset', v: string) => setFill({ ...fill, [key]: Number(v) || 0 });
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={sl('schedule')} />
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="h5" component="h1" sx={{ mr: 2 }}>
            {translate(sl('schedule'))}
          </Typography>
          <TextField
            select
            size="small"
            label={translate(sl('scheduleController'))}
            value={controller ?? ''}
            sx={{ width: 260 }}
            onChange={(e) => setParams({ controller: String(e.target.value) })}
          >
            {controllers.map((c) => (
              <MenuItem key={c._id} value={c._id}>
                {c.uid ?? c.mac ?? c._id}
              </MenuItem>
            ))}
          </TextField>
          <IconButton aria-label="-1" onClick={() => step(-1)}>
            <ChevronLeftIcon />
          </IconButton>
          <Typography variant="h6" component="h2" data-testid="schedule-year">
            {translate(sl('scheduleYear'), { year })}
          </Typography>
          <IconButton aria-label="+1" onClick={() => step(1)}>
            <ChevronRightIcon />
          </IconButton>
          <Box sx={{ flex: 1 }} />
          {controller && (
            <>
              <Button startIcon={<DownloadIcon />} href={fileUrl(controller, year, 'xlsx')} download>
                {translate(sl('scheduleDownloadXlsx'))}
              </Button>
              <Button startIcon={<DownloadIcon />} href={fileUrl(controller, year, 'csv')} download>
                {translate(sl('scheduleDownloadCsv'))}
              </Button>
              {mayUpload && (
                <ScheduleUpload controller={controller} onUploaded={() => setVersion((v) => v + 1)} />
              )}
            </>
          )}
        </Box>
        {!controller && <Alert severity="info">{translate(sl('scheduleNoController'))}</Alert>}
        {controller && !editable && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate(sl('scheduleReadOnly'))}
          </Alert>
        )}
        {controller && sun && (
          <>
            <YearOfMonths year={year} rows={rows} picked={month} onPick={setMonth} />
            <ScheduleChart months={rows} sun={sun.days} timeZone={sun.timeZone} />
            {editable && (
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', my: 1 }}>
                <Typography variant="subtitle2">{translate(sl('scheduleFill'))}</Typography>
                <TextField
                  select
                  size="small"
                  label={translate(sl('scheduleMethod'))}
                  sx={{ width: 160 }}
                  value={fill.method}
                  onChange={(e) => setFill({ ...fill, method: e.target.value })}
                >
                  {TWILIGHT_METHODS.map((m) => (
                    <MenuItem key={m} value={m}>
                      {m}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  size="small"
                  type="number"
                  label={translate(sl('scheduleOnOffset'))}
                  value={fill.onOffset}
                  onChange={(e) => setNumber('onOffset', e.target.value)}
                  sx={{ width: 170 }}
                />
                <TextField
                  size="small"
                  type="number"
                  label={translate(sl('scheduleOffOffset'))}
                  value={fill.offOffset}
                  onChange={(e) => setNumber('offOffset', e.target.value)}
                  sx={{ width: 170 }}
                />
                <Button variant="outlined" size="small" onClick={() => void fillYear()}>
                  {translate(sl('scheduleFillYear'))}
                </Button>
              </Box>
            )}
            <Typography variant="caption" color="text.secondary">
              {translate(sl('scheduleLocalTime'), { zone: sun.timeZone })}
            </Typography>
            <MonthTable
              controller={controller}
              month={month}
              stored={stored}
              timeZone={sun.timeZone}
              fill={fill}
              editable={editable}
              onSaved={() => setVersion((v) => v + 1)}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
