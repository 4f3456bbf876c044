import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import type { Map as MapLibre } from 'maplibre-gl';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatMeasure, PHASES, type Language, type Unit } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import { canDo } from '../../providers/auth-provider.ts';
import { STATUS_LABEL } from './map-controls.tsx';
import {
  cabinetOfController,
  controllerOfCabinet,
  modulesOfSupport,
  row,
  type LiveReading,
  type Outcome,
  type Row,
} from './map-api.ts';
import { DeviceControl } from './device-control.tsx';
import { ProgramLine } from './program-line.tsx';
import { COLOURS, statusKind, type MapLayer } from './map-style.ts';
import { usePopupAt } from './use-popup-at.ts';

export type Selected = { layer: MapLayer; id: number; lngLat: [number, number]; status?: number };

type Props = {
  map: MapLibre;
  selected: Selected;
  liveStatus: number | undefined;
  /** a control module's level and power as the live stream last told them */
  liveReading?: Omit<LiveReading, '_id'>;
  canCommand: boolean;
  onClose(): void;
  onNeighbours(s: Selected): void;
};

/** A device's popup, rendered by React so it shares the console's language and store. */
export function MapPopup(props: Props) {
  const container = usePopupAt(props.map, props.selected.lngLat, props.onClose);
  return createPortal(<PopupContent {...props} />, container);
}

export const title = (r: Row) => String(r.uid ?? r.mac ?? r._id);

function PopupContent({ selected, liveStatus, liveReading, canCommand, onNeighbours }: Props) {
  const translate = useTranslate();
  const { layer, id } = selected;
  const [data, setData] = useState<{ row: Row; modules?: Row[]; controller?: Row; cabinet?: Row }>();
  const [outcome, setOutcome] = useState<Outcome>();

  // a live change may come with new readings (level, power), so the row is read again
  useEffect(() => {
    let gone = false;
    (async () => {
      const r = await row(layer, id);
      const modules = layer === 'LuminarySupports' ? await modulesOfSupport(id) : undefined;
      const controller =
        layer === 'Controllers' ? r : layer === 'Cabinets' ? await controllerOfCabinet(r) : undefined;
      // its contactors' wiring says which relay output feeds the lamps
      const cabinet =
        layer === 'Cabinets'
          ? r
          : layer === 'Controllers'
            ? await cabinetOfController(r).catch(() => undefined)
            : undefined;
      if (!gone) setData({ row: r, modules, controller, cabinet });
    })().catch(() => undefined);
    return () => {
      gone = true;
    };
  }, [layer, id, liveStatus]);

  const status = liveStatus ?? (data?.row.cl_status as number | undefined) ?? selected.status;
  const kind = statusKind(status);
  const r = data && { ...data.row, ...definedOnly(liveReading) };
  const target = canDo(layer, 'edit') ? `/${layer}/${id}` : `/${layer}/${id}/show`;
  // a mounting's program is its first lamp's
  const lampId = layer === 'LuminaryModules' ? id : data?.modules?.[0]?._id;
  return (
    <Box data-testid="map-popup" sx={{ minWidth: 230, color: 'text.primary' }}>
      <Typography variant="subtitle2" data-testid="map-popup-kind">
        {translate(sl(`mapKind_${layer}`))}
      </Typography>
      <Typography variant="h6" component="p" sx={{ lineHeight: 1.2, mb: 0.5 }}>
        {r ? title(r) : translate(sl('mapLoading'))}
      </Typography>
      <Typography variant="body2" data-testid="map-popup-status">
        <Box
          component="span"
          sx={{
            display: 'inline-block',
            width: 10,
            height: 10,
            borderRadius: '50%',
            bgcolor: COLOURS[kind],
            mr: 1,
          }}
        />
        {translate(sl('mapFieldStatus'))}: {translate(sl(STATUS_LABEL[kind]))}
        {status != null && ` (${status})`}
      </Typography>
      {r && <Readings layer={layer} row={r} />}
      {lampId !== undefined && <ProgramLine moduleId={lampId} version={outcome} />}
      {canCommand && data && (
        <DeviceControl
          layer={layer}
          id={id}
          modules={layer === 'LuminaryModules' && r ? [r] : data.modules}
          controller={data.controller}
          cabinet={data.cabinet}
          onOutcome={setOutcome}
        />
      )}
      {outcome && (
        <Alert severity={outcome.ok ? 'success' : 'error'} sx={{ mt: 1, py: 0 }} data-testid="map-answer">
          {translate(outcome.key)}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button size="small" component={Link} to={target}>
          {translate(sl('mapDetails'))}
        </Button>
        <Button size="small" onClick={() => onNeighbours(selected)}>
          {translate(sl('mapNeighbours'))}
        </Button>
      </Stack>
    </Box>
  );
}

const definedOnly = (o: object | undefined) =>
  Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined));

function Readings({ layer, row: r }: { layer: MapLayer; row: Row }) {
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  const measure = (unit: Unit) => (v: unknown) =>
    typeof v === 'number' ? formatMeasure(v, unit, lang, 1) : v;
  const line = (key: Parameters<typeof sl>[0], value: unknown) =>
    value === undefined || value === null ? null : (
      <Typography variant="body2" key={key} data-testid={`map-popup-${key}`}>
        {translate(sl(key))}: {String(value)}
      </Typography>
    );
  if (layer === 'LuminaryModules')
    return [
      line('mapFieldPwm', measure('percent')(r.pwm)),
      line('mapFieldPower', measure('W')(r.pow)),
      line('mapFieldPhase', PHASES[r.phase as keyof typeof PHASES] ?? r.phase),
    ];
  const text = (field: string) =>
    r[field] ? (
      <Typography variant="body2" key={field}>
        {translate(`resources.${layer}.fields.${field}`)}: {String(r[field])}
      </Typography>
    ) : null;
  if (layer === 'LuminarySupports') return [text('street'), text('socketCount')];
  if (layer === 'Cabinets') return text('address');
  if (layer === 'Controllers')
    return line(
      'mapFieldConnected',
      r.connected === undefined ? undefined : translate(sl(r.connected ? 'mapYes' : 'mapNo')),
    );
  return null;
}
