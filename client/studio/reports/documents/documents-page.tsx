import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { today } from '../../../../schema/shared/day';
import { flower } from '../../../../schema/entities/flower';
import { invoice } from '../../../../schema/entities/invoice';
import { refLabel } from '../../../../schema/entities/ref';
import { shift } from '../../../../schema/entities/shift';
import { assemblyReason, assemblyReasonLabel, slip } from '../../../../schema/entities/slip';
import { orderNo } from '../../../../schema/studio/orders/order-number';
import type { OfficeRecord } from '../../../../schema/shared/record';
import { staffName } from '../../../../schema/shared/user';
import { useLocal } from '../../../data/local-data-context';
import { useOfficeOf } from '../../../data/office-of';
import { useRefList, useUnits } from '../../../data/ref-list';
import { useStaffNames } from '../../../data/staff-directory';
import { useStockRecords, type StockRecords } from '../../../data/stock-records';
import { useVoidMarks } from '../../../data/void-marks';
import { dayCloses, type VoidMark } from '../../../../schema/shared/voids';
import { FilterSelect } from '../../../ui/filter-select';
import { Paper, PaperSheet, printPaper } from '../../../ui/paper-sheet';
import { paperDay, paperMoney, type PrintedPaper } from '../../../ui/printed-paper';
import type { ListSearch } from '../../kit/list-search';
import { useCouriersDay } from '../../orders/couriers-day/use-couriers-day';
import { useOrder } from '../../orders/order-page/use-order';
import { useShiftPaper } from '../../money/shift/shift-report';
import { routePaper } from '../../orders/couriers-day/route-paper';
import { invoicePaper, paperKinds, receiptPaper, slipPaper, voidedPaper, type PaperKind, type StockItem } from '../../kit/papers';
import { FiscalReceipts } from '../../kit/fiscal-receipts';
import './documents.css';

/** The screen's choice in the address (`f`): the kind of paper, the record (`id`: an invoice's or an act's id, a shift's day, an order's number), the route's `courier` and `day`. */
type Choice = Partial<Record<'kind' | 'id' | 'courier' | 'day', string>>;

const kindOf = (f: Choice): PaperKind | undefined => paperKinds.find((k) => k.id === f.kind)?.id;

/**
 * /admin/documents (admins, spec §2): the studio's papers from its own data — a supply invoice, a write-off act, a
 * shift report, an order's receipt, a courier's route sheet — chosen by kind and record, each as its print-ready A4
 * page with the studio's details; «Печать» prints it. Everything is read from the device (office records, the studio's
 * orders), so it works offline for whatever the device holds, and says so in words when it does not hold a record.
 */
export const DocumentsScreen = ({ search }: { search: ListSearch }) => {
  const f: Choice = search.f ?? {};
  const kind = kindOf(f);
  const navigate = useNavigate({ from: '/admin/$resource' });
  const choose = (next: Choice) =>
    void navigate({ search: (s) => ({ ...s, f: Object.fromEntries(Object.entries({ ...s.f, ...next }).filter((e): e is [string, string] => !!e[1])) }), replace: true });
  return (
    <section className="documents-screen" aria-labelledby="documents-title">
      <h1 id="documents-title">Документы</h1>
      <form className="record-list__tools" onSubmit={(e) => e.preventDefault()} aria-label="Какой документ">
        <label className="field">
          <span>Документ</span>
          <select aria-label="Документ" value={kind ?? ''} onChange={(e) => choose({ kind: e.target.value || undefined, id: undefined, courier: undefined, day: undefined })}>
            <option value="">Выберите документ</option>
            {paperKinds.map((k) => (
              <option key={k.id} value={k.id}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        {kind === 'receipt' && <OrderNumberField key={f.id} value={f.id} onChoose={(id) => choose({ id })} />}
        {kind === 'route' && (
          <label className="field">
            <span>День</span>
            <input type="date" aria-label="День" value={f.day ?? today()} onChange={(e) => choose({ day: e.target.value || undefined })} />
          </label>
        )}
      </form>
      {kind === 'invoice' && <InvoiceDocument id={f.id} choose={choose} />}
      {kind === 'slip' && <SlipDocument id={f.id} choose={choose} />}
      {kind === 'shift' && <ShiftDocument day={f.id} choose={choose} />}
      {kind === 'receipt' && f.id && <ReceiptDocument number={f.id} />}
      {kind === 'route' && <RouteDocument day={f.day ?? today()} courier={f.courier} choose={choose} />}
      {!kind && <p className="muted">Выберите документ, затем запись: накладную, акт, смену, заказ или курьера и день.</p>}
      {!kind && (
        <section aria-labelledby="fiscal-receipts-title">
          <h2 id="fiscal-receipts-title">Фискальные чеки</h2>
          <FiscalReceipts />
        </section>
      )}
    </section>
  );
};

/** One record to choose among those the device holds; a chosen id it does not hold (a link from elsewhere) stays named. */
const RecordSelect = (props: { label: string; value: string | undefined; options: { id: string; label: string }[]; onChange: (id: string | undefined) => void }) => (
  <form className="record-list__tools" onSubmit={(e) => e.preventDefault()}>
    <FilterSelect {...props} empty="Выберите" keepUnknown />
  </form>
);

/** The chosen paper on screen as it will print, with «Печать»; the sheet itself goes to the printer alone (PaperSheet). */
const PaperView = ({ paper }: { paper: PrintedPaper }) => (
  <div className="documents-screen__paper">
    <button type="button" className="button" onClick={printPaper}>
      Печать
    </button>
    <div className="documents-screen__page">
      <Paper paper={paper} />
    </div>
    <PaperSheet paper={paper} />
  </div>
);

const Missing = ({ children }: { children: ReactNode }) => (
  <p role="alert" className="documents-screen__missing">
    {children}
  </p>
);

const Loading = () => <p className="muted">Загрузка…</p>;

/** Flowers and materials by id, as a paper names them. */
const stockItems = (stock: StockRecords): Map<string, StockItem> => new Map(stock.flowers.map(({ record, data: fl }) => [record.id, { title: flower.title(fl), unit: fl.unit }]));
const warehouseName = (stock: StockRecords, id: string) => stock.warehouses.find((w) => w.record.id === id)?.data.name ?? id;

type Choose = (next: Choice) => void;

/** A voided record in a choice of records: still there to print, said to be voided. */
const voidedLabel = (mark: VoidMark | undefined) => (mark ? ' — сторнировано' : '');

const InvoiceDocument = ({ id, choose }: { id: string | undefined; choose: Choose }) => {
  const { data } = useLocal();
  const stock = useStockRecords(data.shop.office);
  const units = useUnits();
  const invoices = stock.invoices.toSorted((a, b) => b.data.day.localeCompare(a.data.day) || b.record.createdAt - a.record.createdAt);
  const chosen = id ? invoices.find((i) => i.record.id === id) : undefined;
  return (
    <>
      <RecordSelect
        label="Накладная"
        value={id}
        options={invoices.map((i) => ({ id: i.record.id, label: `${invoice.title(i.data)}${i.data.supplierName ? `, ${i.data.supplierName}` : ''}${voidedLabel(stock.voided.get(i.record.id))}` }))}
        onChange={(v) => choose({ id: v })}
      />
      {stock.loading ? <Loading /> : !invoices.length && !id && <p className="muted">На этом устройстве накладных нет.</p>}
      {id && !stock.loading && (chosen ? <PaperView paper={voidedPaper(invoicePaper(chosen.data, stockItems(stock), warehouseName(stock, chosen.data.warehouse), units), stock.voided.get(chosen.record.id))} /> : <Missing>Накладная не найдена на этом устройстве: возможно, её удалили или она ещё не получена с сервера.</Missing>)}
    </>
  );
};

const SlipDocument = ({ id, choose }: { id: string | undefined; choose: Choose }) => {
  const { data } = useLocal();
  const stock = useStockRecords(data.shop.office);
  const units = useUnits();
  const acts = useOfficeOf(data.shop.office, slip);
  const reasons = useRefList('write-off-reason');
  const names = useStaffNames();
  const sorted = acts.items.toSorted((a, b) => b.data.day.localeCompare(a.data.day) || b.record.createdAt - a.record.createdAt);
  const chosen = id ? sorted.find((a) => a.record.id === id) : undefined;
  const reasonLabel = (code: string) => (code === assemblyReason ? assemblyReasonLabel : refLabel(reasons, code));
  const loading = stock.loading || acts.loading;
  return (
    <>
      <RecordSelect
        label="Акт"
        value={id}
        options={sorted.map((a) => ({ id: a.record.id, label: `${a.record.title}, ${warehouseName(stock, a.data.warehouse)}, ${staffName(a.record.createdBy, names)}${voidedLabel(stock.voided.get(a.record.id))}` }))}
        onChange={(v) => choose({ id: v })}
      />
      {loading ? <Loading /> : !sorted.length && !id && <p className="muted">На этом устройстве актов списания нет.</p>}
      {id && !loading && (chosen ? <PaperView paper={voidedPaper(slipPaper(chosen.data, '', stockItems(stock), warehouseName(stock, chosen.data.warehouse), reasonLabel, stock.history, units), stock.voided.get(chosen.record.id))} /> : <Missing>Акт списания не найден на этом устройстве.</Missing>)}
    </>
  );
};

const ShiftDocument = ({ day, choose }: { day: string | undefined; choose: Choose }) => {
  const { data } = useLocal();
  const shifts = useOfficeOf(data.shop.office, shift);
  const voided = useVoidMarks(data.shop.office);
  // One close a day, as the day's id names it: the one that counts (dayCloses), or, when every close of the day was
  // voided, the last of them.
  const sorted = [...new Set(shifts.items.map((s) => s.data.day))].toSorted((a, b) => b.localeCompare(a)).flatMap((d) => {
    const closes = shifts.items.filter((s) => s.data.day === d).toSorted((a, b) => b.data.round - a.data.round);
    const { live } = dayCloses(d, closes.map((c) => c.record), voided);
    return closes.filter((c) => c.record === live).concat(closes).slice(0, 1);
  });
  const chosen = day ? sorted.find((s) => s.data.day === day) : undefined;
  return (
    <>
      <RecordSelect
        label="Смена"
        value={day}
        options={sorted.map((s) => ({ id: s.data.day, label: `${paperDay(s.data.day)}: выручка ${paperMoney(s.data.takings.cash + s.data.takings.card + s.data.takings.transfer + s.data.takings.online)}${voidedLabel(voided.get(s.record.id))}` }))}
        onChange={(v) => choose({ id: v })}
      />
      {shifts.loading ? <Loading /> : !sorted.length && !day && <p className="muted">На этом устройстве закрытых смен нет.</p>}
      {day && !shifts.loading && (chosen ? <ShiftPaper record={chosen.record} mark={voided.get(chosen.record.id)} /> : <Missing>Смена за {/^\d{4}-\d{2}-\d{2}$/.test(day) ? paperDay(day) : day} не закрыта или не получена этим устройством.</Missing>)}
    </>
  );
};

const ShiftPaper = ({ record, mark }: { record: OfficeRecord; mark: VoidMark | undefined }) => {
  const paper = useShiftPaper(record);
  return paper ? <PaperView paper={voidedPaper(paper, mark)} /> : <Missing>Отчёт о смене не читается: обновите приложение.</Missing>;
};

/** The order's number as typed; opened with «Открыть» (or Enter). */
const OrderNumberField = ({ value, onChoose }: { value: string | undefined; onChoose: (id: string | undefined) => void }) => {
  const [typed, setTyped] = useState(value ?? '');
  const [issue, setIssue] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const number = typed.replace(/[^\d]/g, '');
    if (!/^\d{1,9}$/.test(number) || Number(number) < 1) return setIssue('Номер заказа — число, например 1042');
    setIssue('');
    onChoose(number);
  };
  return (
    <span className="documents-screen__number" role="group" aria-label="Заказ">
      <label className="field">
        <span>Номер заказа</span>
        <input inputMode="numeric" aria-label="Номер заказа" value={typed} onChange={(e) => setTyped(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && submit(e)} aria-invalid={issue ? true : undefined} />
        {issue && <span className="field__error">{issue}</span>}
      </label>
      <button type="button" className="button button--ghost" onClick={submit}>
        Открыть
      </button>
    </span>
  );
};

const ReceiptDocument = ({ number }: { number: string }) => {
  const order = useOrder(number);
  if (order === undefined) return <Loading />;
  if (!order || !/^\d+$/.test(number)) return <Missing>Заказ {/^\d+$/.test(number) ? orderNo(Number(number)) : number} не найден на этом устройстве: здесь есть заказы с доставкой от недели назад и позже.</Missing>;
  return <PaperView paper={receiptPaper(order)} />;
};

const RouteDocument = ({ day, courier, choose }: { day: string; courier: string | undefined; choose: Choose }) => {
  const { result, couriers } = useCouriersDay(day);
  const route = courier ? result?.routes.find((r) => r.courier.id === courier) : undefined;
  const known = courier ? couriers.find((c) => c.id === courier) : undefined;
  return (
    <>
      <RecordSelect label="Курьер" value={courier} options={couriers.toSorted((a, b) => a.name.localeCompare(b.name, 'ru')).map((c) => ({ id: c.id, label: c.name }))} onChange={(v) => choose({ courier: v })} />
      {!result ? (
        <Loading />
      ) : (
        courier &&
        (!known ? (
          <Missing>Курьер не найден на этом устройстве.</Missing>
        ) : route?.deliveries.length ? (
          <PaperView paper={routePaper(route, day)} />
        ) : (
          <Missing>
            У курьера {known.name} нет доставок на {paperDay(day)}.
          </Missing>
        ))
      )}
    </>
  );
};
