import { Suspense } from 'react';
import { Show, TabbedShowLayout, useRecordContext, useTranslate } from 'react-admin';
import { timestamp } from '@sl/domain';
import { ASIDES, BESIDE_ASIDE } from './asides.tsx';
import { FieldView } from './field-view.tsx';
import { useEntity } from './use-entity.ts';
import { DETAIL_SCREENS } from '../screens/devices/detail-screens.ts';
import { DetailActions } from '../screens/devices/detail-actions.tsx';
import { useHiddenFields } from './field-visibility.tsx';
import { sl } from '../i18n/messages.ts';
import { useCityTime } from '../screens/devices/city-time.ts';
import { HistoryTab } from '../screens/devices/history/history-tab.tsx';

const STAMPS = { createdAt: timestamp(), updatedAt: timestamp() };

export default function EntityShow() {
  const e = useEntity();
  const Special = DETAIL_SCREENS[e.name];
  if (Special)
    return (
      <Suspense>
        <Special />
      </Suspense>
    );
  return <GenericShow />;
}

/** A record's fields, and its history (issue 28 §4: every device screen has one, lamps and meters too). */
function GenericShow() {
  const e = useEntity();
  const translate = useTranslate();
  const { shown } = useHiddenFields(e.name);
  const fields = Object.entries({ ...e.fields, ...STAMPS }).filter(
    ([name, f]) => !f.writeOnly && shown(name),
  );
  return (
    <Show aside={ASIDES[e.name]} sx={BESIDE_ASIDE} actions={<DetailActions entityName={e.name} />}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label={translate(sl('detailOverview'))} data-testid="tab-detailOverview">
          {fields.map(([name, f]) => (
            <FieldView key={name} source={name} field={f} />
          ))}
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab
          label={translate(sl('detailHistory'))}
          path="history"
          data-testid="tab-detailHistory"
        >
          <RecordHistory entity={e.name} />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}

function RecordHistory({ entity }: { entity: string }) {
  const record = useRecordContext();
  const time = useCityTime(record?.city);
  if (!record) return null;
  return <HistoryTab entity={entity} id={Number(record.id)} time={time} />;
}
