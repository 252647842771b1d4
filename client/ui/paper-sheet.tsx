import { createPortal } from 'react-dom';
import { formatPhone } from '../../schema/shared/phone';
import { legalLine } from '../../schema/studio/team/studio-profile';
import { useStudioProfile } from '../data/studio-profile';
import { paperDay, type PrintedPaper } from './printed-paper';
import { setPrintPageRule } from './print-page-size';
import './paper-sheet.css';

/**
 * One printed paper laid out for A4: the studio's details as its profile holds them on this device (name, the legal
 * line with ИНН, address, phone), the title with number and date, the parties, the tables, the totals and the lines to
 * sign. Every paper of the studio is this layout: the documents screen, the shift report, the couriers' route sheet.
 */
export const Paper = ({ paper }: { paper: PrintedPaper }) => {
  const studio = useStudioProfile();
  return (
    <article className="paper" aria-label={paperName(paper)}>
      <header className="paper__studio">
        <strong>{studio.name}</strong>
        <div>{legalLine(studio)}</div>
        <div>
          {studio.address}, тел. {formatPhone(studio.phone)}
        </div>
      </header>
      <h2 className="paper__title">{paperName(paper)}</h2>
      {paper.voided !== undefined && (
        <p className="paper__voided">
          <strong>Сторнировано</strong>: не учитывается в остатках, долгах и отчётах. Причина: {paper.voided}
        </p>
      )}
      {paper.parties.length > 0 && (
        <dl className="paper__parties">
          {paper.parties.map((p) => (
            <div key={p.label}>
              <dt>{p.label}:</dt> <dd>{p.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {paper.tables.map((t, i) => (
        // On a phone a table keeps its columns and scrolls sideways in its own box (paper-sheet.css).
        <div key={i} className="paper__table-box">
          <table className="paper__table">
            {t.caption && <caption>{t.caption}</caption>}
            <thead>
              <tr>
                {t.columns.map((c) => (
                  <th key={c.label} scope="col" className={c.numeric ? 'paper__num' : undefined}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {t.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) => (
                    <td key={c} className={t.columns[c]?.numeric ? 'paper__num' : undefined}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
      {paper.totals.length > 0 && (
        <dl className="paper__totals" aria-label="Итоги">
          {paper.totals.map((t) => (
            <div key={t.label}>
              <dt>{t.label}:</dt> <dd>{t.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {paper.notes.map((n) => (
        <p key={n} className="paper__note">
          {n}
        </p>
      ))}
      <div className="paper__signatures">
        {paper.signatures.map((s) => (
          <div key={s} className="paper__signature">
            <span>{s}</span>
            <span className="paper__sign-line" aria-hidden="true" />
            <span className="paper__sign-hint">подпись / расшифровка</span>
          </div>
        ))}
      </div>
    </article>
  );
};

/** «Акт списания № 3 от 25 ноября 2026 г.» */
const paperName = (paper: Pick<PrintedPaper, 'title' | 'number' | 'day'>): string =>
  `${paper.title}${paper.number ? ` № ${paper.number}` : ''} от ${paperDay(paper.day)}`;

/**
 * The paper as it goes to the printer: drawn straight into <body>, so that on paper nothing else of the page is laid
 * out (a hidden page still took pages: DECISIONS «Printing the ticket»); the screen never shows it.
 */
export const PaperSheet = ({ paper }: { paper: PrintedPaper }) =>
  createPortal(
    <div className="paper-sheet" aria-hidden="true">
      <Paper paper={paper} />
    </div>,
    document.body,
  );

/** Prints the page's paper sheet (`PaperSheet`) on A4 through the browser's dialog. */
export const printPaper = (): void => {
  setPrintPageRule('@page { size: A4; margin: 12mm; }');
  const root = document.documentElement;
  root.dataset.print = 'paper';
  const done = () => {
    delete root.dataset.print;
    removeEventListener('afterprint', done);
  };
  addEventListener('afterprint', done);
  window.print();
};
