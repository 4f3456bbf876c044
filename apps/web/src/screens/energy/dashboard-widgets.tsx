import { Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatMeasure, formatNumber, type Language } from '@sl/domain';
import { localDay, zonedInstant } from '@sl/domain/astro';
import { http } from '../../providers/http.ts';
import { sl, type MessageKey } from '../../i18n/messages.ts';
import { useAnswer } from '../lighting/use-answer.ts';
import { canDo, mayIn } from '../../providers/auth-provider.ts';
import { PendingCommandsWidget } from '../commands/pending-commands-widget.tsx';
import { OpenEventsWidget } from '../events/open-events-widget.tsx';
import type { Widget } from './dashboard-layout.ts';
import { report } from './energy-api.ts';
import { useLiveTick } from '../../live/use-live-tick.ts';

export const WIDGET_TITLES: Record<Widget, MessageKey> = {
  lamps: 'dashboardLamps',
  events: 'dashboardEvents',
  commands: 'dashboardCommands',
  today: 'dashboardToday',
  month: 'dashboardMonth',
  saved: 'dashboardSaved',
};

/** Whether the signed-in user may read what the widget shows (its call would be refused otherwise). */
export const mayShow = (w: Widget): boolean =>
  w === 'lamps'
    ? canDo('LuminaryModules', 'list')
    : w === 'events'
      ? canDo('ImportantEvents', 'show')
      : w === 'commands'
        ? mayIn('control', 'view')
        : w === 'saved'
          ? canDo('LuminaryModules', 'show')
          : canDo('Meters', 'show');

const STATUS_CODES = { on: [1], off: [0, 2, 5], offline: [3], broken: [4, 4096, 4097] } as const;

const countOf = async (codes: readonly number[]) =>
  (
    await http<{ total: number }>(
      'GET',
      `/api/v1/LuminaryModules?limit=1&${codes.map((c) => `cl_status=${c}`).join('&')}`,
    )
  ).total;

function Lamps({ tick }: { tick: number }) {
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  const answer = useAnswer(String(tick), async () =>
    Promise.all(Object.entries(STATUS_CODES).map(async ([k, codes]) => [k, await countOf(codes)] as const)),
  );
  const counts = answer.state === 'done' ? answer.value : answer.last;
  return (
    <>
      {counts?.map(([k, n]) => (
        <Typography key={k} variant="body2" data-testid={`lamps-${k}`}>
          {translate(sl(`dashboardStatus.${k}` as never))}: {formatNumber(n, lang, 0)}
        </Typography>
      ))}
    </>
  );
}

/** Today's or this month's consumption (the group's first city's calendar and tariff), or the month's saving. */
function Energy({ widget, tick, city, tz }: { widget: Widget; tick: number; city?: number; tz: string }) {
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  const answer = useAnswer(`${widget}:${tick}:${city}`, async () => {
    const now = new Date();
    const start =
      widget === 'today' ? '' : zonedInstant(`${localDay(now, tz).slice(0, 8)}01`, '00:00', tz).toISOString();
    const range = { start, end: widget === 'today' ? '' : now.toISOString(), groupType: 'BY_PERIOD', city };
    if (widget === 'saved')
      return ((await report('energy-saved', range)).rows[0]?.savedKwh ?? null) as number | null;
    const r = await report('consumption', range);
    return r.total && { ...r.total, currency: r.city.currency ?? '' };
  });
  const v = answer.state === 'done' ? answer.value : answer.last;
  // no lamp has reported this month: said so, not 0 kWh saved
  if (v === null) return <Typography variant="body2">{translate(sl('energyNoData'))}</Typography>;
  if (v === undefined || typeof v === 'number')
    return <Typography variant="h6">{formatMeasure(Number(v ?? 0), 'kWh', lang, 3)}</Typography>;
  // no meter has read yet today (or this month): the total is unknown, said so, not 0 kWh
  if (v.kwh == null) return <Typography variant="body2">{translate(sl('energyNoData'))}</Typography>;
  return (
    <>
      <Typography variant="h6">{formatMeasure(v.kwh, 'kWh', lang, 3)}</Typography>
      <Typography variant="body2">
        {v.cost == null ? '' : `${formatNumber(v.cost, lang, 2)} ${v.currency}`}
        {v.co2Kg == null ? '' : ` · CO2 ${formatMeasure(v.co2Kg, 'kg', lang, 3)}`}
      </Typography>
    </>
  );
}

/** What each widget counts comes on the live stream as these events. */
const WIDGET_EVENTS: Record<Widget, readonly string[]> = {
  lamps: ['modules'],
  events: ['events'],
  commands: ['command'],
  today: ['meters'],
  month: ['meters'],
  saved: ['modules', 'meters'],
};

/** A widget that asks again when the live stream brings what it counts. */
export function LiveWidgetBody(props: { widget: Widget; city?: number; tz: string }) {
  const tick = useLiveTick(WIDGET_EVENTS[props.widget]);
  return <WidgetBody {...props} tick={tick} />;
}

function WidgetBody({ widget, tick, city, tz }: { widget: Widget; tick: number; city?: number; tz: string }) {
  if (widget === 'lamps') return <Lamps tick={tick} />;
  if (widget === 'events') return <OpenEventsWidget tick={tick} />;
  if (widget === 'commands') return <PendingCommandsWidget tick={tick} />;
  return <Energy widget={widget} tick={tick} city={city} tz={tz} />;
}
