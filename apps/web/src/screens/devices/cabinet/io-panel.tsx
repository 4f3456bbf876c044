import type { ReactNode } from 'react';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { contactorsClosed, decodeIo, type Inversion } from '@sl/domain';
import { sl } from '../../../i18n/messages.ts';

const PHASES = ['A', 'B', 'C'] as const;

function Line({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 32 }} data-testid={testId}>
      <Typography variant="body2" sx={{ width: 120, flexShrink: 0 }}>
        {label}
      </Typography>
      {value}
    </Stack>
  );
}

/**
 * The cabinet's door, mode, contactors and breakers as its controller last reported them (spec §4 I/O bits), read
 * as it is wired: each bit through the controller's polarity, as event detection reads it, and a contactor closed
 * as its relay output and the cabinet's inversion say (as the map's popup and the schedule do). A cabinet whose
 * controller never reported says so rather than showing invented values.
 */
export function IoPanel(props: { iostate: unknown; polarity: unknown; inversion: unknown; at: string }) {
  const translate = useTranslate();
  const polarity = Number(props.polarity ?? 0);
  const reported = typeof props.iostate === 'number' ? props.iostate : undefined;
  const io = reported === undefined ? undefined : decodeIo(reported ^ polarity);
  const inversion = (props.inversion ?? {}) as Inversion;
  const closed = reported === undefined ? undefined : contactorsClosed(reported, polarity, inversion);
  const unknown = <Chip size="small" variant="outlined" label={translate(sl('detailNotReported'))} />;
  const good = (label: string) => <Chip size="small" color="success" label={label} />;
  const bad = (label: string) => <Chip size="small" color="warning" label={label} />;
  const plain = (label: string) => <Chip size="small" label={label} />;
  return (
    <Box data-testid="cabinet-io">
      <Typography variant="subtitle1" component="h2">
        {translate(sl('cabinetPanel'))}
      </Typography>
      <Line
        testId="cabinet-door"
        label={translate(sl('ioDoor'))}
        value={
          io
            ? io.door === 'open'
              ? bad(translate(sl('ioDoorOpen')))
              : good(translate(sl('ioDoorClosed')))
            : unknown
        }
      />
      <Line
        testId="cabinet-mode"
        label={translate(sl('ioMode'))}
        value={
          io
            ? io.mode === 'AUTO'
              ? good(`${translate(sl('ioAuto'))} (AUTO)`)
              : bad(`${translate(sl('ioManual'))} (MANUAL)`)
            : unknown
        }
      />
      {PHASES.map((phase, i) => (
        <Line
          key={`c${phase}`}
          testId={`cabinet-contactor-${phase}`}
          label={translate(sl('ioRelay'), { phase })}
          value={
            <>
              {closed
                ? closed[i]
                  ? good(translate(sl('ioRelayOn')))
                  : plain(translate(sl('ioRelayOff')))
                : unknown}
              {inversion[phase] && (
                <Chip size="small" variant="outlined" color="info" label={translate(sl('cabinetInverted'))} />
              )}
            </>
          }
        />
      ))}
      {PHASES.map((phase, i) => (
        <Line
          key={`b${phase}`}
          testId={`cabinet-breaker-${phase}`}
          label={translate(sl('ioBreaker'), { phase })}
          value={
            io
              ? io.breakers[i]
                ? good(translate(sl('ioBreakerOn')))
                : bad(translate(sl('ioBreakerOff')))
              : unknown
          }
        />
      ))}
      {io && props.at && (
        <Typography variant="caption" color="text.secondary">
          {translate(sl('cabinetStateAt'), { at: props.at })}
        </Typography>
      )}
    </Box>
  );
}
