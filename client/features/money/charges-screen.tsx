import { useEffect, useState, type ReactNode } from 'react';
import { shift } from '../../../schema/entities/shift';
import type { OfficeRecord } from '../../../schema/record';
import { useLocal } from '../../data/local-data-context';
import { Dialog } from '../../ui/dialog';
import { printShiftReport, ShiftReport, ShiftReportSheet } from '../shift/shift-report';
import { VoidPanel } from '../admin/void-panel';

/** The last closes of shifts the device holds, newest first: each opens as its report, to read or print again. */
const ShiftCloses = () => {
  const { data } = useLocal();
  const [closes, setCloses] = useState<OfficeRecord[]>([]);
  const [open, setOpen] = useState<OfficeRecord | null>(null);
  useEffect(() => {
    const sub = data.shop.office.find({ selector: { type: shift.type } }).$.subscribe((docs) =>
      setCloses(docs.map((d) => d.toMutableJSON()).sort((a, b) => (b.day ?? '').localeCompare(a.day ?? '')).slice(0, 31)),
    );
    return () => sub.unsubscribe();
  }, [data]);
  return (
    <section aria-labelledby="shift-closes">
      <h2 id="shift-closes">Закрытия смен</h2>
      {closes.length === 0 ? (
        <p className="muted">Смены ещё не закрывали полностью.</p>
      ) : (
        <ul>
          {closes.map((c) => (
            <li key={c.id}>
              <button type="button" className="link-button" onClick={() => setOpen(c)}>
                {c.title}
              </button>
            </li>
          ))}
        </ul>
      )}
      {open && (
        <Dialog title={open.title} onClose={() => setOpen(null)} width="36rem">
          <ShiftReport record={open} />
          <VoidPanel entity={shift} record={open} />
          <ShiftReportSheet record={open} />
          <p className="form__buttons">
            <button type="button" className="button button--ghost" onClick={printShiftReport}>
              Печать
            </button>
          </p>
        </Dialog>
      )}
    </section>
  );
};

/** /admin/charges: the charges' list (the back-office's, given) and, below it, the closes of shifts with their reports. */
export const ChargesScreen = ({ list }: { list: ReactNode }) => (
  <>
    {list}
    <ShiftCloses />
  </>
);
