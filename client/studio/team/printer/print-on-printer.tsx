import { useState } from 'react';
import type { PaperDoc } from './paper-doc';
import { useHydrated } from '../../../lib/use-hydrated';
import { PrinterError, sendToPrinter, storedPrinter, usbAvailable } from './usb-printer';

/**
 * «На принтер»: prints a paper on the studio's USB receipt printer, where one was chosen on this device
 * (/admin/usb) and the browser can reach it; otherwise nothing is shown and the page's own print button (the
 * browser's dialog) is the way. A failed job says why and offers to print it again, or through the dialog.
 */
export const PrintOnPrinter = ({ doc, label, fallback }: { doc: () => PaperDoc; label: string; fallback: () => void }) => {
  const [state, setState] = useState<{ busy: boolean; error?: string; done?: string }>({ busy: false });
  // This device's printer (its storage, its USB): none in the page the server drew, the tab's once hydrated.
  const printer = useHydrated() ? storedPrinter() : null;
  if (!printer || !usbAvailable()) return null;
  const run = async () => {
    setState({ busy: true });
    const paper = doc();
    try {
      // The encoder comes with the first print, not with the order page.
      const { escposBytes } = await import('./escpos');
      await sendToPrinter(printer, escposBytes(paper, printer));
      setState({ busy: false, done: `${paper.name}: напечатано на «${printer.name}»` });
    } catch (e) {
      setState({ busy: false, error: e instanceof PrinterError ? e.message : 'Принтер не ответил: проверьте кабель и бумагу и повторите' });
    }
  };
  return (
    <span className="print-on-printer">
      <button type="button" className="button button--ghost" disabled={state.busy} onClick={() => void run()}>
        {state.busy ? 'Печатается…' : label}
      </button>
      {state.done && (
        <span className="muted" role="status">
          {state.done}
        </span>
      )}
      {state.error && (
        <span role="alert" className="print-on-printer__error">
          {state.error}{' '}
          <button type="button" className="button button--ghost" onClick={() => void run()}>
            Повторить
          </button>{' '}
          <button type="button" className="button button--ghost" onClick={fallback}>
            Через окно печати
          </button>
        </span>
      )}
    </span>
  );
};
