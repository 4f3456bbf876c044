import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import type { DeviceState } from './commands-api.ts';

export const when = (iso: string | null, locale: string) =>
  iso ? new Date(iso).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'medium' }) : '—';

/** A command's state at each controller it went to, by name, with what its answer means. */
export function CommandDevices({ devices }: { devices: DeviceState[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Table size="small" aria-label={translate(sl('commandsDevices'))}>
      <TableHead>
        <TableRow>
          <TableCell>{translate(sl('commandsDevice'))}</TableCell>
          <TableCell>{translate(sl('commandsOutcome'))}</TableCell>
          <TableCell>{translate(sl('commandsMessage'))}</TableCell>
          <TableCell>{translate(sl('commandsSent'))}</TableCell>
          <TableCell>{translate(sl('commandsAnswered'))}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {devices.map((d) => (
          <TableRow key={d.controllerMac}>
            <TableCell title={d.controllerMac}>{d.name ?? d.controllerMac}</TableCell>
            <TableCell>{translate(sl(`commandsOutcome_${d.state}`))}</TableCell>
            <TableCell title={d.code == null ? undefined : String(d.code)}>{d.message || '—'}</TableCell>
            <TableCell>{when(d.sentAt, locale)}</TableCell>
            <TableCell>{when(d.answeredAt, locale)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
