import { Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { fieldLabel, formatNumber, type Language } from '@sl/domain';
import { sl } from '../../../i18n/messages.ts';
import { DeviceCard } from '../device-card.tsx';
import { valueText } from './module-talq-card.tsx';

/** what a module reports, as it reports it, when no whole report is kept */
const REPORTED = ['rssi', 'pwm', 'lpwm', 'cpwm', 'lux', 'twil', 'temp', 'pow', 'energy', 'runh', 'cl_status'];

/** radio settings a report names that no field of the module holds */
const RADIO: Record<string, Record<Language, string>> = {
  rfch: { 'en-us': 'Radio channel', ru: 'Радиоканал' },
  rfpwr: { 'en-us': 'Radio power', ru: 'Мощность радио' },
};

/**
 * The module's last report as it sent it (spec §3 raw module data): each value under its name in the reader's
 * language beside the radio's own name, numbers unscaled but written as the language writes them.
 */
export function ModuleRawCard() {
  const record = useRecordContext();
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  if (!record) return null;
  const name = (k: string) => RADIO[k]?.[lang] ?? fieldLabel(k, lang, 'LuminaryModules');
  const text = (v: unknown) => (typeof v === 'number' ? formatNumber(v, lang, 6) : valueText(v, lang));
  const kept =
    record.raw && typeof record.raw === 'object' ? (record.raw as Record<string, unknown>) : undefined;
  const pairs = kept
    ? Object.entries(kept)
    : REPORTED.filter((k) => record[k] != null).map((k) => [k, record[k]] as const);
  return (
    <DeviceCard title="deviceRaw" testId="module-raw">
      {pairs.length ? (
        <Table size="small" aria-label={translate(sl('deviceRaw'))}>
          <TableBody>
            {pairs.map(([k, v]) => (
              <TableRow key={k}>
                <TableCell component="th" scope="row" sx={{ py: 0.25 }}>
                  {name(k)}{' '}
                  <Typography component="span" variant="caption" sx={{ fontFamily: 'monospace' }}>
                    {k}
                  </Typography>
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace', py: 0.25 }}>{text(v)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography variant="body2">{translate(sl('deviceRawNone'))}</Typography>
      )}
    </DeviceCard>
  );
}
