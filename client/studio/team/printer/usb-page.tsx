import { useState } from 'react';
import { useStudioProfile } from '../../../data/studio-profile';
import { codepageMappings, paperWidths, type CodepageMapping, type PaperWidth } from './escpos';
import { testPage } from './test-page';
import { choosePrinter, PrinterError, sendToPrinter, storedPrinter, storePrinter, usbAvailable, type ChosenPrinter } from './usb-printer';
import './printer.css';

/**
 * /admin/usb («Оборудование»): the studio's USB receipt printer. Chosen once per device (the browser asks which
 * device the site may use), remembered, with its paper width and code page numbering; a test page shows at once
 * whether Cyrillic comes out right. Order tickets and postcards then print from the order page with one tap.
 */
export const UsbPage = () => {
  const profile = useStudioProfile();
  const [printer, setPrinter] = useState<ChosenPrinter | null>(storedPrinter);
  const [width, setWidth] = useState<PaperWidth>(printer?.width ?? 80);
  const [mapping, setMapping] = useState<CodepageMapping>(printer?.mapping ?? 'epson');
  const [state, setState] = useState<{ busy: boolean; error?: string; done?: string }>({ busy: false });
  const usb = usbAvailable();

  const keep = (next: ChosenPrinter | null) => {
    storePrinter(next);
    setPrinter(next);
  };
  const format = (w: PaperWidth, m: CodepageMapping) => {
    setWidth(w);
    setMapping(m);
    if (printer) keep({ ...printer, width: w, mapping: m });
  };
  const choose = async () => {
    setState({ busy: true });
    try {
      const chosen = await choosePrinter({ width, mapping });
      if (chosen) keep(chosen);
      setState({ busy: false, ...(chosen ? { done: `Выбран принтер «${chosen.name}»` } : {}) });
    } catch (e) {
      setState({ busy: false, error: e instanceof PrinterError ? e.message : 'Не удалось выбрать принтер' });
    }
  };
  const test = async () => {
    if (!printer) return;
    setState({ busy: true });
    try {
      const { escposBytes } = await import('./escpos');
      await sendToPrinter(printer, escposBytes(testPage(profile.name, printer.name), printer));
      setState({ busy: false, done: 'Пробная страница напечатана' });
    } catch (e) {
      setState({ busy: false, error: e instanceof PrinterError ? e.message : 'Принтер не ответил: проверьте кабель и бумагу и повторите' });
    }
  };

  return (
    <section className="record-screen usb-page">
      <h1>Оборудование</h1>
      <h2>Принтер чеков</h2>
      {!usb && (
        <p role="note" className="usb-page__note">
          Этот браузер не печатает по USB. Откройте кабинет в Chrome или Edge на компьютере у кассы, а здесь печатайте заказы через окно
          печати браузера (кнопка «Печать заказа» на странице заказа, бумага «Чек 80 мм»).
        </p>
      )}
      <p>
        {printer ? (
          <>
            Принтер этого устройства: <strong data-testid="chosen-printer">{printer.name}</strong>
          </>
        ) : (
          'Принтер не выбран: заказы печатаются через окно печати браузера.'
        )}
      </p>
      <div className="usb-page__form">
        <label>
          <span>Ширина бумаги</span>
          <select value={width} onChange={(e) => format(e.target.value === '58' ? 58 : 80, mapping)}>
            {paperWidths.map((w) => (
              <option key={w.id} value={w.id}>
                {w.label} ({w.columns} символов в строке)
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Кодировка принтера</span>
          <select value={mapping} onChange={(e) => format(width, codepageMappings.find((m) => m.id === e.target.value)?.id ?? 'epson')}>
            {codepageMappings.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="usb-page__actions">
        <button type="button" className="button" disabled={!usb || state.busy} onClick={() => void choose()}>
          {printer ? 'Выбрать другой принтер' : 'Подключить принтер'}
        </button>
        <button type="button" className="button button--ghost" disabled={!usb || !printer || state.busy} onClick={() => void test()}>
          Пробная печать
        </button>
        {printer && (
          <button type="button" className="button button--ghost" disabled={state.busy} onClick={() => { keep(null); setState({ busy: false, done: 'Принтер забыт' }); }}>
            Забыть принтер
          </button>
        )}
      </div>
      {state.busy && <p className="muted">Подождите…</p>}
      {state.done && <p role="status">{state.done}</p>}
      {state.error && (
        <p role="alert" className="usb-page__error">
          {state.error}
        </p>
      )}
    </section>
  );
};
