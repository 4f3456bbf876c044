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
import { Title, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { may } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import { canDo, storedSubject } from '../../providers/auth-provider.ts';
import {
  controllerName,
  controllersOf,
  fileUrl,
  monthsOf,
  tonightOf,
  twilightOf,
  type Controller,
  type Fill,
  type MonthRow,
  type Tonight,
} from './schedule-api.ts';
import type { TwilightDay } from '@sl/domain/schedule';
import { MonthTable } from './month-table.tsx';
import { ScheduleChart } from './schedule-chart.tsx';
import { ScheduleUpload } from './schedule-upload.tsx';
import { TwilightFill } from './twilight-fill.tsx';
import { YearOfMonths } from './year-of-months.tsx';

const pad = (n: number) => String(n).padStart(2, '0');

/** The controllers in the address: `controllers=1,2,3`, or one as `controller=1`. */
const chosenIn = (params: URLSearchParams) =>
  [...new Set((params.get('controllers') ?? params.get('controller') ?? '').split(',').map(Number))].filter(
    (n) => n > 0,
  );

/**
 * The power schedule of one cabinet controller or several at once (spec §2; issue 12): the first chosen's year
 * and month shown, a month edited in place or filled and saved for each, one file covering all of them.
 */
export default function ScheduleScreen() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const chosen = chosenIn(params);
  const chosenKey = chosen.join(',');
  const controller = chosen[0];
  const [controllers, setControllers] = useState<Controller[]>([]);
  const [tonights, setTonights] = useState(new Map<number, Tonight>());
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
    let gone = false;
    // each chosen controller's time zone and mode (MANUAL ignores the schedule)
    void Promise.all(
      chosenKey
        .split(',')
        .filter(Boolean)
        .map(async (id) => [Number(id), await tonightOf(Number(id))] as const),
    )
      .then((all) => !gone && setTonights(new Map(all)))
      .catch(() => undefined);
    return () => void (gone = true);
  }, [chosenKey, version]);
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
  const nameOf = (id: number) =>
    controllerName(
      controllers.find((c) => c._id === id),
      id,
    );
  // each chosen controller's zone; the one shown has its twilight's even before its tonight is read
  const zoneOf = (id: number) =>
    tonights.get(id)?.timeZone ?? (id === controller ? sun?.timeZone : undefined);
  const zones = new Map(chosen.flatMap((id) => (zoneOf(id) ? [[id, zoneOf(id)!] as const] : [])));
  const manual = chosen.filter((id) => tonights.get(id)?.mode === 'MANUAL');
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
            label={translate(sl('scheduleControllers'))}
            value={chosen}
            sx={{ minWidth: 260, maxWidth: 520 }}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (ids) => (ids as number[]).map(nameOf).join(', '),
              },
            }}
            onChange={(e) => {
              const ids = e.target.value as unknown as number[];
              setParams(ids.length ? { controllers: ids.join(',') } : {});
            }}
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
              <Button startIcon={<DownloadIcon />} href={fileUrl(chosen, year, 'xlsx')} download>
                {translate(sl('scheduleDownloadXlsx'))}
              </Button>
              <Button startIcon={<DownloadIcon />} href={fileUrl(chosen, year, 'csv')} download>
                {translate(sl('scheduleDownloadCsv'))}
              </Button>
              {mayUpload && (
                <ScheduleUpload controllers={chosen} onUploaded={() => setVersion((v) => v + 1)} />
              )}
            </>
          )}
        </Box>
        {!controller && <Alert severity="info">{translate(sl('scheduleNoController'))}</Alert>}
        {chosen.length > 1 && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="schedule-many">
            {translate(sl('scheduleMany'), { count: chosen.length, name: nameOf(chosen[0]!) })}
          </Alert>
        )}
        {manual.length > 0 && (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="schedule-manual">
            {chosen.length === 1
              ? translate(sl('scheduleManual'))
              : translate(sl('scheduleManualSome'), { names: manual.map(nameOf).join(', ') })}
          </Alert>
        )}
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
              <TwilightFill
                chosen={chosen}
                year={year}
                fill={fill}
                onFill={setFill}
                onFilled={() => setVersion((v) => v + 1)}
              />
            )}
            <Typography variant="caption" color="text.secondary">
              {translate(sl('scheduleLocalTime'), { zone: sun.timeZone })}
            </Typography>
            <MonthTable
              controller={controller}
              zones={zones}
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
