import { useState } from 'react';
import { CloseShiftDialog } from './close-shift-dialog';

export const CloseShiftButton = () => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--ghost close-shift" onClick={() => setOpen(true)}>
        Закрыть смену
      </button>
      {open && <CloseShiftDialog onClose={() => setOpen(false)} />}
    </>
  );
};
