import { Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useGetList, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { STATUS_COLOURS, statusMeaning } from '@sl/domain';
import { sl } from '../../../i18n/messages.ts';
import { STATUS_LABELS } from '../../../resources/status-label.tsx';

const TEXT = { off: '#000', on: '#fff', offline: '#000', broken: '#fff', unknown: '#000' } as const;

/** The lamp modules wired to a controller, asked again when the live stream says modules changed (useLiveResources). */
export function useControllerModules(controller: number | undefined) {
  return useGetList(
    'LuminaryModules',
    {
      filter: { controller },
      sort: { field: 'phase', order: 'ASC' },
      pagination: { page: 1, perPage: 1000 },
    },
    { enabled: controller !== undefined },
  );
}

/** A device's cl_status as its §4 colour and meaning. */
export function StatusChip({ code }: { code: unknown }) {
  const translate = useTranslate();
  const meaning = statusMeaning(typeof code === 'number' ? code : null);
  return (
    <Chip
      size="small"
      label={translate(sl(STATUS_LABELS[meaning]))}
      title={code == null ? undefined : String(code)}
      sx={{ bgcolor: STATUS_COLOURS[meaning], color: TEXT[meaning] }}
    />
  );
}

/** The connected modules with their live state, each a link to its own screen. */
export function ModuleList({ modules }: { modules: RaRecord[] | undefined }) {
  const translate = useTranslate();
  if (!modules) return null;
  if (!modules.length)
    return <Typography variant="body2">{translate(sl('controllerModulesNone'))}</Typography>;
  return (
    <Table size="small" data-testid="module-list">
      <TableHead>
        <TableRow>
          <TableCell>{translate(sl('controllerModuleMac'))}</TableCell>
          <TableCell>{translate(sl('controllerModulePhase'))}</TableCell>
          <TableCell>{translate(sl('controllerModuleLevel'))}</TableCell>
          <TableCell>{translate(sl('controllerModuleStatus'))}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {modules.map((m) => (
          <TableRow key={m.id} data-testid={`module-${m.id}`}>
            <TableCell>
              <Link to={`/LuminaryModules/${m.id}/show`}>{String(m.mac ?? m.uid ?? m.id)}</Link>
            </TableCell>
            <TableCell>{typeof m.phase === 'number' ? 'ABC'[m.phase - 1] : '—'}</TableCell>
            <TableCell>{typeof m.pwm === 'number' ? `${m.pwm} %` : '—'}</TableCell>
            <TableCell>
              <StatusChip code={m.cl_status} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
