import {
  Datagrid,
  FunctionField,
  List,
  ReferenceField,
  SelectArrayInput,
  TextField,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { EVENT_STATUSES, EVENT_TYPES, SPEC_EVENT_TYPES } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import { DateTextInput } from '../../resources/inputs/date-text-input.tsx';
import { dateTextCheck } from '../../resources/inputs/kind-checks.ts';
import { EventInfoPanel } from './event-info-panel.tsx';
import { SolveButton } from './solve-button.tsx';
import { useConsoleTime } from '../devices/city-time.ts';
import { useLiveEvents } from './use-live-events.ts';
import { useTypeFromAddress } from './use-type-from-address.ts';
import { OrderEventsButton } from '../maintenance/order-events-button.tsx';
import { canDo } from '../../providers/auth-provider.ts';

const choices = (values: readonly string[]) => values.map((v) => ({ id: v, name: `sl.${v}` }));

const filters = [
  <SelectArrayInput
    key="status"
    source="status"
    label={sl('eventsStatus')}
    choices={choices(EVENT_STATUSES)}
    alwaysOn
  />,
  <SelectArrayInput
    key="type"
    source="type"
    label={sl('eventsType')}
    choices={choices(EVENT_TYPES)}
    alwaysOn
  />,
  ...(['openDate_gte', 'openDate_lte'] as const).map((source) => (
    <DateTextInput
      key={source}
      kind="timestamp"
      source={source}
      label={sl(source === 'openDate_gte' ? 'eventsFrom' : 'eventsTo')}
      validate={dateTextCheck('timestamp')}
      alwaysOn
    />
  )),
];

const STORE_KEY = 'events.list';

/** Important events (spec §4): open ones of the spec's four types first, following the live stream. */
export default function EventsScreen() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const time = useConsoleTime();
  useLiveEvents(refresh);
  if (!useTypeFromAddress(STORE_KEY)) return null;
  return (
    <List
      resource="ImportantEvents"
      title={sl('eventsTitle')}
      filters={filters}
      filterDefaultValues={{ status: ['OPEN'], type: [...SPEC_EVENT_TYPES] }}
      sort={{ field: 'openDate', order: 'DESC' }}
      storeKey={STORE_KEY}
      disableSyncWithLocation
      exporter={false}
      actions={false}
    >
      <Datagrid
        rowClick="expand"
        expand={<EventInfoPanel />}
        bulkActionButtons={canDo('WorkOrders', 'create') ? <OrderEventsButton /> : false}
      >
        <FunctionField
          source="type"
          label={sl('eventsType')}
          render={(r: { type: string }) => translate(`sl.${r.type}`)}
        />
        <FunctionField
          source="status"
          label={sl('eventsStatus')}
          render={(r: { status: string }) => translate(`sl.${r.status}`)}
        />
        <FunctionField source="openDate" render={(r: { openDate?: string }) => time(r.openDate)} />
        <FunctionField source="closeDate" render={(r: { closeDate?: string }) => time(r.closeDate)} />
        <ReferenceField source="module" reference="LuminaryModules" link="show" emptyText="" />
        <ReferenceField source="support" reference="LuminarySupports" link="show" emptyText="" />
        <ReferenceField source="controller" reference="Controllers" link="show" emptyText="" />
        <TextField source="comment" emptyText="" />
        <SolveButton />
      </Datagrid>
    </List>
  );
}
