import { useCallback, useEffect, useState } from 'react';
import { Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { Language } from '@sl/domain';
import { sl } from '../../../i18n/messages.ts';
import { fetchArchive, type ArchivedCommand, type DeviceState } from '../../commands/commands-api.ts';
import { useLiveCommands } from '../../commands/use-live-commands.ts';
import { commandTargetText, commandTypeName } from '../../commands/command-text.ts';

const COLOUR: Record<DeviceState['state'], 'info' | 'success' | 'error'> = {
  queued: 'info',
  sent: 'info',
  acknowledged: 'success',
  failed: 'error',
  timed_out: 'error',
  disconnected: 'error',
  expired: 'error',
};
const macKey = (mac: string) => mac.replace(/[^0-9a-f]/gi, '').toLowerCase();

/** The commands sent to one controller (from the commands archive), with its outcome there; live. */
export function DeviceCommands({
  mac,
  time,
  limit = 20,
}: {
  mac: string;
  time(v: unknown): string;
  limit?: number;
}) {
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  const [rows, setRows] = useState<ArchivedCommand[]>();
  const load = useCallback(() => {
    fetchArchive({ controller: mac, outcome: [] }, 0, limit).then(
      (a) => setRows(a.data),
      () => setRows([]),
    );
  }, [mac, limit]);
  useEffect(load, [load]);
  useLiveCommands(load);
  if (!rows) return null;
  if (!rows.length) return <Typography variant="body2">{translate(sl('historyNoCommands'))}</Typography>;
  return (
    <Table size="small" data-testid="device-commands">
      <TableHead>
        <TableRow>
          <TableCell>{translate(sl('commandsWhen'))}</TableCell>
          <TableCell>{translate(sl('commandsUser'))}</TableCell>
          <TableCell>{translate(sl('commandsType'))}</TableCell>
          <TableCell>{translate(sl('commandsOutcome'))}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((c) => {
          const here = c.devices.find((d) => macKey(d.controllerMac) === macKey(mac)) ?? c.devices[0];
          return (
            <TableRow key={c.id} data-testid={`device-command-${c.id}`}>
              <TableCell>{time(c.createdAt)}</TableCell>
              <TableCell>{c.login ?? '—'}</TableCell>
              <TableCell>
                {commandTypeName(c, translate, lang)} · {commandTargetText(c, translate)}
              </TableCell>
              <TableCell>
                {here && (
                  <Chip
                    size="small"
                    color={COLOUR[here.state]}
                    label={translate(sl(`commandsOutcome_${here.state}`))}
                    title={here.message || undefined}
                  />
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
