import { Show, SimpleShowLayout } from 'react-admin';
import { timestamp } from '@sl/domain';
import { ASIDES, BESIDE_ASIDE } from './asides.tsx';
import { FieldView } from './field-view.tsx';
import { useEntity } from './use-entity.ts';

const STAMPS = { createdAt: timestamp(), updatedAt: timestamp() };

export default function EntityShow() {
  const e = useEntity();
  const fields = Object.entries({ ...e.fields, ...STAMPS }).filter(([, f]) => !f.writeOnly);
  return (
    <Show aside={ASIDES[e.name]} sx={BESIDE_ASIDE}>
      <SimpleShowLayout>
        {fields.map(([name, f]) => (
          <FieldView key={name} source={name} field={f} />
        ))}
      </SimpleShowLayout>
    </Show>
  );
}
