import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { STATUS_COLOURS, statusMeaning, type StatusMeaning } from '@sl/domain';
import { sl, type MessageKey } from '../i18n/messages.ts';

/** A status meaning's name, as the map legend gives it. */
export const STATUS_LABELS: Record<StatusMeaning, MessageKey> = {
  off: 'mapStatusOff',
  on: 'mapStatusOn',
  offline: 'mapStatusOffline',
  broken: 'mapStatusBroken',
  unknown: 'mapStatusUnknown',
};

// amber needs dark text to stay readable; the other colours take white
const TEXT: Record<StatusMeaning, string> = {
  off: '#000',
  on: '#fff',
  offline: '#000',
  broken: '#fff',
  unknown: '#000',
};

/** A device's cl_status as its coloured meaning (spec §4), the code in the tooltip. */
export function StatusLabel({ source }: { source: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const code = record?.[source] as number | null | undefined;
  const meaning = statusMeaning(code);
  return (
    <Chip
      size="small"
      label={translate(sl(STATUS_LABELS[meaning]))}
      title={code == null ? undefined : String(code)}
      sx={{ bgcolor: STATUS_COLOURS[meaning], color: TEXT[meaning] }}
    />
  );
}
