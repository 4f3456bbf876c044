import { createContext, useContext, useEffect, useState } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import {
  ArrayInput,
  Form,
  HttpError,
  SaveButton,
  SimpleFormIterator,
  useLocaleState,
  useNotify,
  useRecordContext,
  useShowContext,
  useSimpleFormIteratorItem,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { entity, fieldLabel, type Field, type Language } from '@sl/domain';
import { sl } from '../../../i18n/messages.ts';
import type { ErrorBody } from '../../../providers/http.ts';
import { FieldInput, isEditable } from '../../../resources/field-input.tsx';
import { LampState } from './lamp-state.tsx';
import { holdersOf, moduleIdsOf, saveSockets, type Holder, type Socket } from './support-api.ts';

const sockets = entity('LuminarySupports').fields.sockets as Extract<Field, { kind: 'list' }>;
const SOCKET_FIELDS = Object.entries((sockets.of as Extract<Field, { kind: 'object' }>).fields).filter(
  ([, f]) => isEditable(f),
);

type Shared = { holders: Map<number, Holder>; modules: Map<number, Record<string, unknown>> };
const SocketsContext = createContext<Shared>({ holders: new Map(), modules: new Map() });

/**
 * A mounting's sockets as cards, one per socket (spec §3 socket: lamp, module, phase, height, group control and
 * profile), each with its lamp's live state; no more sockets than the mounting's socket count (spec §5). A module
 * another mounting holds is said to move, and is moved on saving.
 */
export function SocketEditor({
  modules,
  editable,
}: {
  modules: Map<number, Record<string, unknown>>;
  editable: boolean;
}) {
  const record = useRecordContext();
  const notify = useNotify();
  const { refetch } = useShowContext();
  if (!record) return null;
  const save = async (values: Record<string, unknown>) => {
    try {
      await saveSockets(Number(record.id), (values.sockets as Socket[] | undefined) ?? []);
      notify(sl('deviceSocketsSaved'), { type: 'success' });
      await refetch();
    } catch (err) {
      const body = err instanceof HttpError ? (err.body as ErrorBody | null) : null;
      notify(`error.${body?.code ?? 'null'}`, { type: 'error' });
    }
  };
  return (
    <Form record={{ id: record.id, sockets: record.sockets ?? [] }} onSubmit={save} noValidate>
      <SocketCards modules={modules} socketCount={Number(record.socketCount ?? 1)} self={Number(record.id)} />
      {editable && <SaveButton label={sl('deviceSocketsSave')} sx={{ mt: 1 }} alwaysEnable={false} />}
    </Form>
  );
}

function SocketCards(props: { modules: Shared['modules']; socketCount: number; self: number }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const value = useWatch({ name: 'sockets' }) as Socket[] | undefined;
  const count = value?.length ?? 0;
  const ids = moduleIdsOf(value).join(',');
  const [holders, setHolders] = useState(new Map<number, Holder>());
  useEffect(() => {
    let gone = false;
    const wanted = ids ? ids.split(',').map(Number) : [];
    holdersOf(wanted)
      .then((found) => {
        if (!gone)
          setHolders(new Map(found.filter((h) => h.support !== props.self).map((h) => [h.module, h])));
      })
      .catch(() => undefined);
    return () => {
      gone = true;
    };
  }, [ids, props.self]);
  return (
    <SocketsContext.Provider value={{ holders, modules: props.modules }}>
      <ArrayInput source="sockets" label={false}>
        <SimpleFormIterator
          disableReordering
          disableClear
          disableAdd={count >= props.socketCount}
          getItemLabel={(i) => translate(sl('deviceSocket'), { number: i + 1 })}
          sx={{
            '& .RaSimpleFormIterator-list': { display: 'flex', flexWrap: 'wrap', gap: 2 },
            '& .RaSimpleFormIterator-line': {
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
              p: 1.5,
              width: 280,
              flexDirection: 'column',
            },
            '& .RaSimpleFormIterator-form': { width: '100%' },
          }}
        >
          <SocketLamp />
          {SOCKET_FIELDS.map(([name, f]) => (
            <FieldInput
              key={name}
              source={name}
              field={f}
              creating={false}
              label={fieldLabel(name, locale as Language)}
            />
          ))}
        </SimpleFormIterator>
      </ArrayInput>
      {count >= props.socketCount && (
        <Typography variant="body2" color="text.secondary" data-testid="sockets-full">
          {translate(sl('deviceSocketsFull'), { count: props.socketCount })}
        </Typography>
      )}
    </SocketsContext.Provider>
  );
}

/** The live state of the lamp in one socket, and whether saving moves its module from another mounting. */
function SocketLamp() {
  const { index } = useSimpleFormIteratorItem();
  const translate = useTranslate();
  const { holders, modules } = useContext(SocketsContext);
  const id = useWatch({ name: `sockets.${index}.luminaryModule` }) as number | null | undefined;
  if (typeof id !== 'number') return null;
  const held = holders.get(id);
  return (
    <Box sx={{ mb: 1 }} data-testid={`socket-${index + 1}-state`}>
      <LampState module={modules.get(id)} />
      {held && (
        <Alert severity="info" sx={{ mt: 0.5, py: 0 }} data-testid={`socket-${index + 1}-moves`}>
          {translate(sl('deviceModuleElsewhere'), {
            socket: held.socket,
            support: held.uid ?? `#${held.support}`,
          })}
        </Alert>
      )}
    </Box>
  );
}
