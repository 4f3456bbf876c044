import { Suspense } from 'react';
import { Show, SimpleShowLayout } from 'react-admin';
import { timestamp } from '@sl/domain';
import { ASIDES, BESIDE_ASIDE } from './asides.tsx';
import { FieldView } from './field-view.tsx';
import { useEntity } from './use-entity.ts';
import { DETAIL_SCREENS } from '../screens/devices/detail-screens.ts';
import { DetailActions } from '../screens/devices/detail-actions.tsx';
import { useHiddenFields } from './field-visibility.tsx';

const STAMPS = { createdAt: timestamp(), updatedAt: timestamp() };

export default function EntityShow() {
  const e = useEntity();
  const { shown } = useHiddenFields(e.name);
  const Special = DETAIL_SCREENS[e.name];
  if (Special)
    return (
      <Suspense>
        <Special />
      </Suspense>
    );
  const fields = Object.entries({ ...e.fields, ...STAMPS }).filter(
    ([name, f]) => !f.writeOnly && shown(name),
  );
  return (
    <Show aside={ASIDES[e.name]} sx={BESIDE_ASIDE} actions={<DetailActions entityName={e.name} />}>
      <SimpleShowLayout>
        {fields.map(([name, f]) => (
          <FieldView key={name} source={name} field={f} />
        ))}
      </SimpleShowLayout>
    </Show>
  );
}
