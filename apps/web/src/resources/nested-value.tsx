import { lazy, Suspense, type ReactNode } from 'react';
import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  FunctionField,
  RecordContextProvider,
  ReferenceArrayField,
  ReferenceField,
  SingleFieldList,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import {
  decodeIo,
  fieldLabel,
  formatNumber,
  positionCount,
  roundCoordinate,
  type Field,
  type Language,
} from '@sl/domain';
import { canDo, recordLink } from '../providers/auth-provider.ts';
import { recordTitle } from './record-title.ts';
import { StatusLabel } from './status-label.tsx';
import { useValueText } from './value-text.ts';

type Row = Record<string, unknown>;
// maplibre loads only when a shape is shown
const ShapeMap = lazy(() => import('../screens/devices/shape-map.tsx'));
const PHASE_NAMES = ['A', 'B', 'C'] as const;

/** Label and value pairs, one per line. */
function Labelled({ pairs }: { pairs: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {pairs.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function useLanguage() {
  return useLocaleState()[0] as Language;
}

/** One sub-field of a record (a socket, a reading, a rule): references by name, nested values by their parts. */
export function SubValue({ name, field, record, phases }: SubProps) {
  const text = useValueText();
  if (record[name] == null) return null;
  if (name === 'cl_status')
    return (
      <RecordContextProvider value={record}>
        <StatusLabel source={name} />
      </RecordContextProvider>
    );
  if (field.show && 'rule' in field.show && field.show.rule === 'ioState')
    return <IoState value={record[name] as number} polarity={Number(record.polarity ?? 0)} />;
  switch (field.kind) {
    // a record of an entity the user may not see is named by its number: fetching it would be refused (403), and
    // a refusal signs the user out (spec §7)
    case 'ref':
      if (!canDo(field.entity, 'view')) return `#${String(record[name])}`;
      return (
        <RecordContextProvider value={record}>
          <ReferenceField source={name} reference={field.entity} link={recordLink(field.entity)} />
        </RecordContextProvider>
      );
    case 'refs':
      if (!canDo(field.entity, 'view'))
        return ([] as unknown[])
          .concat(record[name])
          .map((v) => `#${String(v)}`)
          .join(', ');
      return (
        <RecordContextProvider value={record}>
          <ReferenceArrayField source={name} reference={field.entity}>
            <SingleFieldList linkType={false}>
              <FunctionField
                render={(r: Row) => <Chip size="small" label={recordTitle(field.entity)(r)} />}
              />
            </SingleFieldList>
          </ReferenceArrayField>
        </RecordContextProvider>
      );
    case 'object':
    case 'list':
    case 'point':
    case 'json':
      return <NestedValue field={field} value={record[name]} />;
    default:
      return <>{text(field, record[name], phases)}</>;
  }
}
type SubProps = { name: string; field: Field; record: Row; phases?: readonly number[] };

/** An object, list, point or raw payload as labelled parts; never as JSON. */
export function NestedValue({ field, value }: { field: Field; value: unknown }) {
  const lang = useLanguage();
  if (value == null) return null;
  switch (field.kind) {
    case 'point': {
      const [lon, lat] = (value as { coordinates: [number, number] }).coordinates;
      return <LatLon lat={lat} lon={lon} />;
    }
    case 'object': {
      const record = value as Row;
      const shown = Object.entries(field.fields).filter(([k, f]) => !f.writeOnly && record[k] != null);
      return (
        <Labelled
          pairs={shown.map(([k, f]) => [
            fieldLabel(k, lang),
            <SubValue name={k} field={f} record={record} />,
          ])}
        />
      );
    }
    case 'list':
      if (!Array.isArray(value) || !value.length) return null;
      return field.of.kind === 'object' ? (
        <ObjectTable fields={field.of.fields} items={value as Row[]} />
      ) : (
        <ScalarList of={field.of} items={value} />
      );
    case 'json':
      return isShape(value) ? <ShapeValue shape={value} /> : <RawValue value={value} />;
    default:
      return <SubValue name="value" field={field} record={{ value }} />;
  }
}

function LatLon({ lat, lon }: { lat: number; lon: number }) {
  const translate = useTranslate();
  const lang = useLanguage();
  const degrees = (v: number) => `${formatNumber(roundCoordinate(v), lang, 6)}°`;
  return (
    <Labelled
      pairs={[
        [translate('sl.latitude'), degrees(lat)],
        [translate('sl.longitude'), degrees(lon)],
      ]}
    />
  );
}

/** Rows of records (sockets, meter phases, schedule days): a column per sub-field that any row has. */
function ObjectTable({ fields, items }: { fields: Record<string, Field>; items: Row[] }) {
  const lang = useLanguage();
  const columns = Object.entries(fields).filter(
    ([k, f]) => !f.writeOnly && items.some((i) => i != null && i[k] != null),
  );
  return (
    <Table size="small" sx={{ width: 'auto' }}>
      <TableHead>
        <TableRow>
          {columns.map(([k]) => (
            <TableCell key={k}>{fieldLabel(k, lang)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((item, i) => (
          <TableRow key={i}>
            {columns.map(([k, f]) => (
              <TableCell key={k}>
                <SubValue
                  name={k}
                  field={f}
                  record={item ?? {}}
                  phases={items.map((it) => it?.[k]).filter((v): v is number => typeof v === 'number')}
                />
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ScalarList({ of, items }: { of: Field; items: unknown[] }) {
  const text = useValueText();
  return <>{items.map((v) => text(of, v)).join(', ')}</>;
}

/** A device's own payload: its keys as labels, its numbers in the language's format. */
type Shape = { type: string; coordinates: unknown };
const isShape = (v: unknown): v is Shape =>
  !!v && typeof (v as Shape).type === 'string' && Array.isArray((v as Shape).coordinates);

/** A GeoJSON shape (a district's boundary): drawn on a map and summed up, never its thousands of numbers. */
function ShapeValue({ shape }: { shape: Shape }) {
  const translate = useTranslate();
  return (
    <Box data-testid="shape-value">
      <Typography variant="body2">
        {translate('sl.historyShape', { smart_count: positionCount(shape.coordinates) })}
      </Typography>
      <Suspense>
        <ShapeMap shape={shape} />
      </Suspense>
    </Box>
  );
}

function RawValue({ value }: { value: unknown }) {
  const lang = useLanguage();
  const show = (v: unknown): string =>
    typeof v === 'number'
      ? formatNumber(v, lang, 6)
      : Array.isArray(v)
        ? v.map(show).join(', ')
        : v && typeof v === 'object'
          ? Object.entries(v)
              .map(([k, x]) => `${fieldLabel(k, lang)}: ${show(x)}`)
              .join('; ')
          : String(v);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return <>{show(value)}</>;
  return <Labelled pairs={Object.entries(value).map(([k, v]) => [fieldLabel(k, lang), show(v)])} />;
}

/**
 * A cabinet's I/O bits (spec §4) in words, read through the controller's polarity mask (an inverted pin reports
 * the opposite), as the server's events read them; the raw number in the tooltip.
 */
export function IoState({ value, polarity = 0 }: { value: number; polarity?: number }) {
  const translate = useTranslate();
  const io = decodeIo(value ^ polarity);
  const t = (key: string, o?: object) => translate(`sl.${key}`, o);
  return (
    <Box title={String(value)}>
      <Labelled
        pairs={[
          [t('ioDoor'), t(io.door === 'open' ? 'ioDoorOpen' : 'ioDoorClosed')],
          [t('ioMode'), t(io.mode === 'AUTO' ? 'ioAuto' : 'ioManual')],
          ...PHASE_NAMES.map((phase, i): [string, string] => [
            t('ioBreaker', { phase }),
            t(io.breakers[i] ? 'ioBreakerOn' : 'ioBreakerOff'),
          ]),
          ...PHASE_NAMES.map((phase, i): [string, string] => [
            t('ioRelay', { phase }),
            t(io.relays[i] ? 'ioRelayOn' : 'ioRelayOff'),
          ]),
        ]}
      />
    </Box>
  );
}
