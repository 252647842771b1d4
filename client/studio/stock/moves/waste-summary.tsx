import type { WasteReport } from '../../../../schema/studio/stock/write-off-report';
import { quantityText, shareText } from './stock-names';
import type { Stock } from './use-stock';
import { Money } from '../../../ui/money';
import { ClippedText } from '../../../ui/clipped-text';

const rowsShown = 10;

/**
 * Waste at a glance (issue 19, item 10): what the period lost, as a share of its purchases, by reason and by flower:
 * write-offs, and beside them counts' shortages and bouquets made for orders since cancelled (issue 29, item 3). The numbers come from `wasteReport` (schema/studio/stock/write-off-report.ts).
 */
export const WasteSummary = ({ report, stock, reasonLabel }: { report: WasteReport; stock: Stock; reasonLabel: (code: string) => string }) => (
  <section className="waste" aria-labelledby="waste-title">
    <h2 id="waste-title">Потери за период</h2>
    <p className="waste__total">
      Потеряно на <strong className="money"><Money value={report.money} /></strong>
      {report.share !== null ? (
        <>
          {' '}— <strong>{shareText(report.share)}</strong> закупок (<Money value={report.purchases} />)
        </>
      ) : (
        <span className="muted"> — проведённых закупок за период нет</span>
      )}
    </p>
    {(report.shortages > 0 || report.cancelled > 0) && (
      <p className="muted" data-testid="losses-by-kind">
        Списания — <span className="money"><Money value={report.writeOffs} /></span>, недостачи при пересчёте — <span className="money"><Money value={report.shortages} /></span>, собраны для
        отменённых заказов — <span className="money"><Money value={report.cancelled} /></span>
      </p>
    )}
    {report.byReason.length > 0 && (
      <div className="waste__tables">
        <table className="stock-table" aria-label="Потери по причинам">
          <thead>
            <tr>
              <th>Причина</th>
              <th className="num">₽</th>
              <th className="num">% закупок</th>
            </tr>
          </thead>
          <tbody>
            {report.byReason.map((r) => (
              <tr key={r.key}>
                <td>{reasonLabel(r.key)}</td>
                <td className="num"><Money value={r.money} /></td>
                <td className="num">{shareText(r.share)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="stock-table" aria-label="Потери по цветам">
          <thead>
            <tr>
              <th>Что</th>
              <th className="num">Сколько</th>
              <th className="num">₽</th>
              <th className="num">% закупок</th>
            </tr>
          </thead>
          <tbody>
            {report.byFlower.slice(0, rowsShown).map((r) => {
              const f = stock.flowerById.get(r.key);
              return (
                <tr key={r.key}>
                  <td>
                    <ClippedText text={f?.record.title ?? r.key} />
                  </td>
                  <td className="num">{quantityText(r.qty, stock.unit(f?.data.unit))}</td>
                  <td className="num"><Money value={r.money} /></td>
                  <td className="num">{shareText(r.share)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    )}
  </section>
);
