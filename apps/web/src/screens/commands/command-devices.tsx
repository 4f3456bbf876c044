import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import { useConsoleTime } from '../devices/city-time.ts';
import type { DeviceState } from './commands-api.ts';

/** A command's state at each controller it went to, by name, with what its answer means. */
export function CommandDevices({ devices }: { devices: DeviceState[] }) {
  const translate = useTranslate();
  const time = useConsoleTime();
  const when = (iso: string | null) => (iso ? time(iso, 'seconds') : '—');
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
            <TableCell>{when(d.sentAt)}</TableCell>
            <TableCell>{when(d.answeredAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
