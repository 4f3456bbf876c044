import { useEffect, useRef, useState } from 'react';
import { Box, Button, Chip, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { Language } from '@sl/domain';
import { sl, type MessageKey } from '../../i18n/messages.ts';
import type { DispatchOrder } from './dispatch-api.ts';
import { LATE_COLOUR } from './dispatch-look.ts';
import { ageText, chooseByKey, dueText } from './dispatch-order.ts';

// rows drawn at first and added at a time: thousands of rows at once would hold the page for a moment
const PAGE = 200;
const COLUMNS: MessageKey[] = [
  'dispatchOrder',
  'dispatchStatus',
  'dispatchCrew',
  'dispatchDue',
  'dispatchAge',
  'dispatchPriority',
  'dispatchStreet',
];

const lateLook = {
  bgcolor: 'rgba(211, 47, 47, 0.12)',
  '& td:first-of-type': { boxShadow: `inset 4px 0 ${LATE_COLOUR}` },
};

/** The open orders in the chosen order; a late one stands out as in the work orders list; a row chooses its order. */
export function DispatchList({
  orders,
  crewName,
  chosenId,
  onChoose,
}: {
  orders: readonly DispatchOrder[];
  crewName: (crew: number | null) => string;
  chosenId: number | null;
  onChoose: (id: number) => void;
}) {
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  const [shown, setShown] = useState(PAGE);
  const chosenAt = orders.findIndex((o) => o._id === chosenId);
  // the order chosen on the map or a card is in the rows drawn, and scrolled to
  const rows = orders.slice(0, Math.max(shown, chosenAt + 1));
  const chosenRow = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    // a block: Chromium's scrollIntoView answers a promise, which React would take for the effect's cleanup
    chosenRow.current?.scrollIntoView({ block: 'nearest' });
  }, [chosenId]);
  return (
    <Box sx={{ height: 440, overflow: 'auto' }}>
      <Table size="small" stickyHeader data-testid="dispatch-list" sx={{ '& .MuiTableCell-root': { px: 1 } }}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell key={c}>{translate(sl(c))}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((o) => (
            <TableRow
              key={o._id}
              hover
              selected={o._id === chosenId}
              aria-selected={o._id === chosenId}
              ref={o._id === chosenId ? chosenRow : undefined}
              data-order={o._id}
              data-late={o.late || undefined}
              onClick={() => onChoose(o._id)}
              tabIndex={0}
              onKeyDown={(ev) => chooseByKey(ev, () => onChoose(o._id))}
              sx={{ cursor: 'pointer', ...(o.late && lateLook) }}
            >
              <TableCell>{o.title}</TableCell>
              <TableCell>{translate(`sl.${o.status}`)}</TableCell>
              <TableCell>{crewName(o.crew)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {dueText(o.dueDate, lang)}
                {o.late && (
                  <Chip
                    size="small"
                    label={translate(sl('dispatchLate'))}
                    sx={{
                      display: 'flex',
                      width: 'fit-content',
                      mt: 0.5,
                      bgcolor: LATE_COLOUR,
                      color: '#fff',
                    }}
                  />
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{ageText(o.ageHours, lang)}</TableCell>
              <TableCell>{translate(`sl.${o.priority}`)}</TableCell>
              <TableCell>{o.street ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {rows.length < orders.length && (
        <Button size="small" sx={{ m: 1 }} onClick={() => setShown(rows.length + PAGE)}>
          {translate(sl('dispatchShowMore'))}
        </Button>
      )}
    </Box>
  );
}
