import { lazy, Suspense, useState } from 'react';

// Both closes are chunks of their own, fetched by the press: the storefront's header carries this button for staff, and
// the shop's first view, which every shopper loads, must not grow by a dialog only a florist opens.
const CloseShiftDialog = lazy(() => import('./close-shift-dialog').then((m) => ({ default: m.CloseShiftDialog })));
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
      <Suspense fallback={null}>
        {open === 'quick' && <CloseShiftDialog onClose={close} onFull={() => setOpen('full')} />}
        {open === 'full' && <FullCloseDialog onClose={close} />}
      </Suspense>
    </>
  );
};
