import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { can } from '../../../../schema/shared/access';
import { day as dayShape, today } from '../../../../schema/shared/day';
import { assemblyReason, assemblyReasonLabel, slip } from '../../../../schema/entities/slip';
import { stockCount } from '../../../../schema/entities/stock-count';
import { staffName } from '../../../../schema/shared/user';
import { lineLoss, lossLabel, monthOf, slipMatches, wasteReport, type SlipFilter } from '../../../../schema/studio/stock/write-off-report';
import { useOfficeOf } from '../../../data/office-of';
import { useLocal } from '../../../data/local-data-context';
import { useRefList } from '../../../data/ref-list';
import { refLabel } from '../../../../schema/entities/ref';
import { useStaffNames } from '../../../data/staff-directory';
import { officeInSyncAt$, waitsToBeSent } from '../../../data/sync/in-sync-mark';
import { useObservable } from '../../../lib/use-observable';
import { FilterSelect } from '../../../ui/filter-select';
import { VoidedMark, voidedClass } from '../../../ui/voided-mark';
import { useSession } from '../../../shared/auth/session';
import { quantityText } from './stock-names';
import { useStock } from './use-stock';
import { WasteSummary } from './waste-summary';
import './stock-moves.css';
import { Money } from '../../../ui/money';

/** The list's address: `f.from`, `f.to` (the period, this month by default), `f.reason`, `f.flower`. */
type Filters = Record<string, string> | undefined;

const periodOf = (f: Filters): SlipFilter => {
  const month = monthOf(today());
  const from = dayShape.safeParse(f?.from).success ? f!.from : month.from;
  const to = dayShape.safeParse(f?.to).success ? f!.to : month.to;
  return { from, to, ...(f?.reason ? { reason: f.reason } : {}), ...(f?.flower ? { flower: f.flower } : {}) };
};

/**
 * /admin/slips: the write-off acts of a period (filters by reason and flower, in the address), newest first, with
 * waste at a glance above them; «Списать» opens the phone screen, an act's date opens the act. A voided act is
 * listed struck through and counts nowhere. Read from the device: works offline.
 */
/**
 * The cancelled orders the device holds (the studio's copies: a week back and what is ahead), live: a bouquet made
 * for one of them is a loss in «Потери за период». Older cancellations are in the analytics' losses, read on the server.
 */
const useCancelledOrders = (): ReadonlySet<string> => {
  const { data } = useLocal();
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    const sub = data.shop.orders.find({ selector: { status: 'cancelled' } }).$.subscribe((docs) => setIds(new Set(docs.map((d) => d.id))));
    return () => sub.unsubscribe();
  }, [data]);
  return ids;
};

export const SlipsScreen = ({ filters }: { filters: Filters }) => {
  const stock = useStock();
  const { user } = useSession();
  const names = useStaffNames();
  const inSyncAt = useObservable(officeInSyncAt$, officeInSyncAt$.value);
  const acts = useOfficeOf(stock.office, slip);
  const counts = useOfficeOf(stock.office, stockCount);
  const cancelledOrders = useCancelledOrders();
  const reasonEntries = useRefList('write-off-reason');
  const reasons = { choices: reasonEntries.filter((e) => e.active), label: (code: string) => refLabel(reasonEntries, code) };
  const reasonLabel = (code: string) => (code === assemblyReason ? assemblyReasonLabel : (lossLabel(code) ?? reasons.label(code)));
  const navigate = useNavigate({ from: '/admin/$resource' });
  const filter = periodOf(filters);
  const go = (next: Record<string, string | undefined>) =>
    void navigate({ search: (s) => ({ ...s, f: Object.fromEntries(Object.entries({ ...s.f, ...next }).filter((e): e is [string, string] => !!e[1])) }), replace: true });

  // Studio scale (hundreds of acts a month): filtered and summed on each render.
  const shown = acts.items.filter((a) => slipMatches(a.data, filter)).toSorted((a, b) => b.data.day.localeCompare(a.data.day) || b.record.createdAt - a.record.createdAt);
  const report = wasteReport(
    acts.items.map((a) => ({ id: a.record.id, data: a.data })),
    stock.invoices,
    filter,
    stock.voided,
    { counts: counts.items.map((c) => ({ id: c.record.id, data: c.data })), cancelledOrders },
  );

  return (
    <section className="stock-screen" aria-labelledby="list-title">
      <header className="record-list__head">
        <h1 id="list-title">Списания</h1>
        {can(user, 'create', slip) && (
          <Link to="/admin/$resource/$id" params={{ resource: 'slips', id: 'new' }} className="button">
            Списать
          </Link>
        )}
      </header>
      <form className="record-list__tools" onSubmit={(e) => e.preventDefault()} aria-label="Период и фильтры">
        <label className="field">
          <span>С</span>
          <input type="date" value={filter.from} onChange={(e) => go({ from: e.target.value || undefined })} />
        </label>
        <label className="field">
          <span>По</span>
          <input type="date" value={filter.to} onChange={(e) => go({ to: e.target.value || undefined })} />
        </label>
        <FilterSelect label="Причина" value={filter.reason} options={[...reasons.choices.map((r) => ({ id: r.code, label: r.label })), { id: assemblyReason, label: assemblyReasonLabel }]} onChange={(v) => go({ reason: v })} />
        <FilterSelect label="Цветок" value={filter.flower} options={stock.flowers.map((f) => ({ id: f.record.id, label: f.record.title }))} onChange={(v) => go({ flower: v })} />
      </form>
      <WasteSummary report={report} stock={stock} reasonLabel={reasonLabel} />
      <h2>Акты</h2>
      {acts.loading ? (
        <p className="muted">Загрузка…</p>
      ) : shown.length ? (
        <table className="stock-table stock-table--cards" aria-label="Акты списания">
          <thead>
            <tr>
              <th>Дата</th>
              <th>Склад</th>
              <th>Что списано</th>
              <th>Кто</th>
              <th className="num">Сумма</th>
            </tr>
          </thead>
          <tbody>
            {shown.map(({ record, data }) => (
              <tr key={record.id} className={voidedClass(stock.voided.get(record.id))}>
                <td>
                  <Link to="/admin/$resource/$id" params={{ resource: 'slips', id: record.id }}>
                    {new Date(`${data.day}T12:00:00Z`).toLocaleDateString('ru-RU', { day: 'numeric', month: 'long' })}
                  </Link>
                  <VoidedMark mark={stock.voided.get(record.id)} />
                  {user && waitsToBeSent(record, user.phone, inSyncAt) && <span className="mark"> ждёт отправки</span>}
                </td>
                <td>{stock.warehouseName(data.warehouse)}</td>
                <td>
                  {data.lines.map((l, i) => {
                    const f = stock.flowerById.get(l.flower);
                    return (
                      <div key={i}>
                        {f?.record.title ?? l.flower} — {quantityText(l.qty, stock.unit(f?.data.unit))} · {reasonLabel(l.reason)}
                      </div>
                    );
                  })}
                  {data.note && <div className="muted">{data.note}</div>}
                </td>
                <td>{staffName(record.createdBy, names)}</td>
                <td className="num"><Money value={data.lines.reduce((s, l) => s + lineLoss(l, data.day, stock.history), 0)} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">За этот период списаний нет.</p>
      )}
    </section>
  );
};
