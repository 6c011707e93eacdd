import { Suspense } from 'react';
import { slotComponent, type SlotProps } from '../slots/index.js';

/** A slot of the declaration shown for one record (a cell, a form, a refusal), loaded on first use. */
export function RecordSlot({ name, ...props }: SlotProps & { name: string }) {
  const Slot = slotComponent(name);
  return (
    <Suspense fallback={null}>
      <Slot {...props} />
    </Suspense>
  );
}
