import { useRecordContext } from 'react-admin';
import { dimModule, dimSupport } from '../map/map-api.ts';
import { DeviceCard } from './device-card.tsx';
import { DimControls } from './dim-controls.tsx';

/** Dims the module, or every lamp of a mounting as one command, through the control route (spec §7). */
export function DimCard({ target, initial }: { target: 'module' | 'support'; initial: number }) {
  const record = useRecordContext();
  if (!record) return null;
  const id = Number(record.id);
  return (
    <DeviceCard title="deviceDim" testId="device-dim">
      <DimControls
        testId="device-dim"
        initial={initial}
        send={(level) => (target === 'module' ? dimModule : dimSupport)(id, level)}
      />
    </DeviceCard>
  );
}
