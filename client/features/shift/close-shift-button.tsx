import { lazy, Suspense, useState } from 'react';
import { CloseShiftDialog } from './close-shift-dialog';

// The full close is a chunk of its own: the storefront's header carries this button, and its first view must not grow.
const FullCloseDialog = lazy(() => import('./full-close-dialog').then((m) => ({ default: m.FullCloseDialog })));

/** «Закрыть смену»: the spec's quick close, and from it the full close with the till counted. */
export const CloseShiftButton = () => {
  const [open, setOpen] = useState<'quick' | 'full' | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <button type="button" className="button button--ghost close-shift" onClick={() => setOpen('quick')}>
        Закрыть смену
      </button>
      {open === 'quick' && <CloseShiftDialog onClose={close} onFull={() => setOpen('full')} />}
      {open === 'full' && (
        <Suspense fallback={null}>
          <FullCloseDialog onClose={close} />
        </Suspense>
      )}
    </>
  );
};
