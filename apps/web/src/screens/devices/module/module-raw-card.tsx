import { Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { sl } from '../../../i18n/messages.ts';
import { DeviceCard } from '../device-card.tsx';

/** what a module reports, as it reports it, when no whole report is kept */
const REPORTED = ['rssi', 'pwm', 'lpwm', 'cpwm', 'lux', 'twil', 'temp', 'pow', 'energy', 'runh', 'cl_status'];

/**
 * The module's last report as it sent it (spec §3 raw module data): names and numbers as the radio speaks them,
 * no units applied, for whoever reads a device's own log.
 */
export function ModuleRawCard() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
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
                <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace', py: 0.25 }}>
                  {k}
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace', py: 0.25 }}>{JSON.stringify(v)}</TableCell>
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
