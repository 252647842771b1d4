import { useMemo, useState, type FormEvent } from 'react';
import { can } from '../../../../schema/shared/access';
import { today } from '../../../../schema/shared/day';
import { factDayIssue, factDays } from '../../../../schema/shared/fact-day';
import { levelOf, reaches } from '../../../../schema/shared/user';
import { flower as flowerEntity } from '../../../../schema/entities/flower';
import { supplier as supplierEntity } from '../../../../schema/entities/supplier';
import { warehouse as warehouseEntity } from '../../../../schema/entities/warehouse';
import { invoice, invoiceOwed, invoiceTotal } from '../../../../schema/entities/invoice';
import type { OfficeRecord } from '../../../../schema/shared/record';
import { lineUnitIssue, qtyIssue } from '../../../../schema/shared/unit';
import { errorsByField, issuesOf, useFormAction } from '../../../lib/use-form-action';
import { useLocal } from '../../../data/local-data-context';
import { removeOfficeRecord, saveOfficeRecord } from '../../../data/records';
import { useRefList, useUnits } from '../../../data/ref-list';
import { useStockRecords } from '../../../data/stock-records';
import { useNotice } from '../../../ui/notices';
import { FormFooter } from '../../kit/form-footer';
import { ReferenceInput } from '../../kit/reference-input';
import { useSession } from '../../../shared/auth/session';
import { DocumentLink } from '../../kit/document-link';
import { money } from './money';
import './stock.css';

interface LineDraft {
  flower: string;
  qty: string;
  price: string;
}

const emptyLine = (): LineDraft => ({ flower: '', qty: '', price: '' });
/** A number as typed on a phone («95,5»), or undefined when the field is empty (the schema then says what is missing). */
const typed = (text: string): number | undefined => {
  const t = text.trim().replace(',', '.').replace(/\s/g, '');
  return t === '' ? undefined : Number(t);
};

interface InvoiceFormProps {
  record?: OfficeRecord;
  /** A new invoice's data to start from (a refused one kept on the device, opened again). */
  initial?: Record<string, unknown>;
  onDone: () => void;
}

/**
 * A supply invoice on a phone at the wholesale market, offline too (/admin/invoices/new, /admin/invoices/{id}):
 * supplier, day, warehouse, lines (flower × quantity × price) with their sums and the total, what was paid and what
 * is owed. «Сохранить черновик» keeps it on the device; «Провести» posts it: the stock and the purchase prices take it
 * once, and it is never changed again (a mistake is corrected by a return). Every error is shown beside its field
 * before anything is saved, by the entity's own fields (the server checks the same).
 */
export const InvoiceForm = ({ record, initial, onDone }: InvoiceFormProps) => {
  const { user } = useSession();
  const { data } = useLocal();
  const notice = useNotice();
  const stock = useStockRecords(data.shop.office);
  const unit = useUnits();
  const unitEntries = useRefList('unit');
  const stored = record || initial ? invoice.fields.safeParse(record ? record.data : initial) : null;
  const start = stored?.success ? stored.data : undefined;
  // A refused invoice opened again is new whatever it was pushed as: posting it is the florist's press.
  const posted = !!record && start?.status === 'posted';
  const [kind, setKind] = useState<'supply' | 'return'>(start?.kind ?? 'supply');
  const [number, setNumber] = useState(start?.number ?? '');
  const [supplierId, setSupplier] = useState(start?.supplier ?? '');
  const [supplierName, setSupplierName] = useState(start?.supplierName ?? '');
  const [day, setDay] = useState(start?.day ?? today());
  const [warehouseId, setWarehouse] = useState(start?.warehouse ?? '');
  const [lines, setLines] = useState<LineDraft[]>(() => (start?.lines.length ? start.lines.map((l) => ({ flower: l.flower, qty: String(l.qty), price: String(l.price) })) : [emptyLine()]));
  const [paid, setPaid] = useState(start?.paid ? String(start.paid) : '');
  const [note, setNote] = useState(start?.note ?? '');
  const { busy, failure, errors, refuse, run, remove } = useFormAction();

  const flowers = useMemo(() => new Map(stock.flowers.map((f) => [f.record.id, f])), [stock.flowers]);
  const warehouse = warehouseId || stock.warehouses.find((w) => w.data.active)?.record.id || '';
  const suppliers = useMemo(() => [...new Set(stock.invoices.map((i) => i.data.supplierName).filter(Boolean))].sort(), [stock.invoices]);
  // Suppliers are admin-tier records (contacts stay off staff devices): who may read them picks one, others write its name.
  const pickSupplier = can(user, 'read', supplierEntity);
  const mayWrite = !posted && can(user, record ? 'update' : 'create', invoice, record);
  const mayDelete = !posted && !!record && can(user, 'delete', invoice, record);

  /** The unit a line copies from its flower (what is saved with it). */
  const unitOfLine = (l: LineDraft) => flowers.get(l.flower)?.data.unit ?? 'pcs';
  /** Why the line's unit keeps the invoice from being posted (switched off in the list), said at once beside the line; a draft keeps it. */
  const unitWarning = (l: LineDraft) => (l.flower ? lineUnitIssue(unitEntries, unitOfLine(l)) : undefined);

  const dataOf = (status: 'draft' | 'posted') => ({
    kind,
    number,
    supplier: supplierId,
    supplierName,
    day,
    warehouse,
    lines: lines.map((l) => ({ flower: l.flower, qty: typed(l.qty), unit: unitOfLine(l), price: typed(l.price) })),
    paid: typed(paid) ?? 0,
    status,
    note,
  });
  const total = invoiceTotal(lines.map((l) => ({ qty: typed(l.qty) || 0, price: typed(l.price) || 0 })));
  const owed = invoiceOwed({ kind, status: 'posted', lines: lines.map((l) => ({ qty: typed(l.qty) || 0, price: typed(l.price) || 0 })), paid: typed(paid) || 0 });

  const setLine = (i: number, next: Partial<LineDraft>) =>
    setLines((old) =>
      old.map((l, j) => {
        if (j !== i) return l;
        const line = { ...l, ...next };
        // A flower picked on an empty price takes its last purchase price: at the market most prices repeat.
        const last = next.flower ? stock.prices.get(next.flower)?.last : undefined;
        return last !== undefined && !l.price ? { ...line, price: String(last) } : line;
      }),
    );

  const submit = async (status: 'draft' | 'posted', e?: FormEvent) => {
    e?.preventDefault();
    const parsed = invoice.fields.safeParse(dataOf(status));
    if (!parsed.success) return refuse(errorsByField(issuesOf(parsed.error)), 'Исправьте отмеченные поля');
    // Whether a line's quantity may be a fraction is its unit's, from the studio's list; a unit switched off there keeps
    // the invoice a draft (the server checks the same).
    const byUnit = parsed.data.lines.flatMap((l, i) => {
      const issue = qtyIssue(unit(l.unit), l.qty);
      const off = lineUnitIssue(unitEntries, l.unit, status === 'draft');
      return [...(issue ? [{ path: `lines.${i}.qty`, message: issue }] : []), ...(off ? [{ path: `lines.${i}.unit`, message: off }] : [])];
    });
    if (byUnit.length) return refuse(errorsByField(byUnit), 'Исправьте отмеченные поля');
    // Posted, it is a fact: dated not after today and (below a manager) not more than 31 days back.
    const dayIssue = status === 'posted' && factDayIssue(parsed.data.day, Date.now(), reaches(levelOf(user), 'manager'));
    if (dayIssue) return refuse({ day: dayIssue }, 'Исправьте отмеченные поля');
    await run(async () => {
      if (!user) throw new Error('Войдите, чтобы сохранить');
      await saveOfficeRecord(data.shop.office, invoice, user.phone, parsed.data, record?.id);
      notice(status === 'posted' ? (kind === 'return' ? 'Возврат проведён' : 'Накладная проведена') : 'Черновик сохранён');
      onDone();
    });
  };

  const drop = async () => {
    if (!record) return;
    await remove(`Удалить черновик: ${record.title}?`, async () => {
      await removeOfficeRecord(data.shop.office, record.id);
      notice('Черновик удалён');
      onDone();
    });
  };

  const err = (path: string) => errors[path];
  const errorOf = (id: string, path: string) =>
    err(path) && (
      <p className="field-error" id={`${id}-error`}>
        {err(path)}
      </p>
    );
  const described = (id: string, path: string) => ({ id, 'aria-invalid': !!err(path), 'aria-describedby': err(path) ? `${id}-error` : undefined });
  const readOnly = !mayWrite;

  return (
    <form className="form invoice-form" onSubmit={(e) => void submit('draft', e)} noValidate aria-label={record ? record.title : invoice.labels.create}>
      {posted && (
        <p className="banner" role="status">
          {kind === 'return' ? 'Возврат проведён' : 'Накладная проведена'}: она уже в остатках и не меняется. Ошибку исправляют новым документом — возвратом поставщику.
        </p>
      )}
      <div className="invoice-form__head">
        <div className="field">
          <label htmlFor="invoice-kind">Документ</label>
          <select {...described('invoice-kind', 'kind')} value={kind} disabled={readOnly} onChange={(e) => setKind(e.target.value === 'return' ? 'return' : 'supply')}>
            <option value="supply">Поставка</option>
            <option value="return">Возврат поставщику</option>
          </select>
        </div>
        {pickSupplier && (
          <div className="field">
            <label htmlFor="invoice-supplier-ref">Поставщик</label>
            <ReferenceInput
              id="invoice-supplier-ref"
              entity={supplierEntity.type}
              label="Поставщик"
              value={supplierId}
              optional
              disabled={readOnly}
              invalid={!!err('supplier')}
              describedBy={err('supplier') ? 'invoice-supplier-ref-error' : undefined}
              onChange={(id, picked) => {
                setSupplier(id);
                // The name is what a florist's device shows of the invoice, where the supplier's record is not.
                if (picked) setSupplierName(picked.title);
              }}
            />
            {errorOf('invoice-supplier-ref', 'supplier')}
          </div>
        )}
        {!(pickSupplier && supplierId) && (
          <div className="field">
            <label htmlFor="invoice-supplier">{pickSupplier ? 'Поставщик не из списка' : 'Поставщик'}</label>
            <input {...described('invoice-supplier', 'supplierName')} list="invoice-suppliers" value={supplierName} disabled={readOnly} onChange={(e) => setSupplierName(e.target.value)} autoComplete="off" />
            <datalist id="invoice-suppliers">
              {suppliers.map((s) => (
                <option key={s} value={s} />
              ))}
            </datalist>
            {errorOf('invoice-supplier', 'supplierName')}
          </div>
        )}
        <div className="field">
          <label htmlFor="invoice-number">Номер</label>
          <input {...described('invoice-number', 'number')} value={number} disabled={readOnly} onChange={(e) => setNumber(e.target.value)} />
          {errorOf('invoice-number', 'number')}
        </div>
        <div className="field">
          <label htmlFor="invoice-day">Дата *</label>
          <input {...described('invoice-day', 'day')} type="date" value={day} max={factDays(Date.now(), true).max} disabled={readOnly} onChange={(e) => setDay(e.target.value)} />
          {errorOf('invoice-day', 'day')}
        </div>
        <div className="field">
          <label htmlFor="invoice-warehouse">Склад *</label>
          <ReferenceInput
            id="invoice-warehouse"
            entity={warehouseEntity.type}
            label="Склад"
            value={warehouse}
            disabled={readOnly}
            invalid={!!err('warehouse')}
            describedBy={err('warehouse') ? 'invoice-warehouse-error' : undefined}
            onChange={setWarehouse}
          />
          {errorOf('invoice-warehouse', 'warehouse')}
        </div>
      </div>

      <fieldset className="field field--list invoice-lines">
        <legend>Строки</legend>
        {errorOf('invoice-lines', 'lines')}
        {lines.map((l, i) => {
          const f = flowers.get(l.flower);
          const sum = (typed(l.qty) || 0) * (typed(l.price) || 0);
          const id = `invoice-line-${i}`;
          // Said at once while the flower's unit is switched off; after «Провести» refused, as the error it was.
          const warning = readOnly ? undefined : unitWarning(l);
          const unitNote = warning && (err(`lines.${i}.unit`) ?? warning);
          return (
            <fieldset key={i} className="invoice-line" aria-label={`Строка ${i + 1}`}>
              <div className="field invoice-line__flower">
                <label htmlFor={`${id}-flower`}>Цветок или материал</label>
                <ReferenceInput
                  id={`${id}-flower`}
                  entity={flowerEntity.type}
                  label="Цветок или материал"
                  placeholder="Найти"
                  compact
                  value={l.flower}
                  disabled={readOnly}
                  invalid={!!err(`lines.${i}.flower`)}
                  describedBy={err(`lines.${i}.flower`) ? `${id}-flower-error` : unitNote ? `${id}-unit` : undefined}
                  onChange={(flower) => setLine(i, { flower })}
                />
                {errorOf(`${id}-flower`, `lines.${i}.flower`)}
                {unitNote && (
                  <p className={err(`lines.${i}.unit`) ? 'field-error' : 'invoice-line__unit-off'} id={`${id}-unit`} role="status">
                    {unitNote}
                  </p>
                )}
              </div>
              <div className="field">
                <label htmlFor={`${id}-qty`}>Кол-во, {unit(f?.data.unit).label}</label>
                <input {...described(`${id}-qty`, `lines.${i}.qty`)} inputMode="decimal" value={l.qty} disabled={readOnly} onChange={(e) => setLine(i, { qty: e.target.value })} />
                {errorOf(`${id}-qty`, `lines.${i}.qty`)}
              </div>
              <div className="field">
                <label htmlFor={`${id}-price`}>Цена, ₽</label>
                <input {...described(`${id}-price`, `lines.${i}.price`)} inputMode="decimal" value={l.price} disabled={readOnly} onChange={(e) => setLine(i, { price: e.target.value })} />
                {errorOf(`${id}-price`, `lines.${i}.price`)}
              </div>
              <p className="invoice-line__sum" aria-label={`Сумма строки ${i + 1}`}>
                {money(sum)}
              </p>
              {!readOnly && lines.length > 1 && (
                <button type="button" className="button button--ghost" aria-label={`Убрать строку ${i + 1}`} onClick={() => setLines((old) => old.filter((_, j) => j !== i))}>
                  Убрать
                </button>
              )}
            </fieldset>
          );
        })}
        {!readOnly && (
          <button type="button" className="button button--ghost" onClick={() => setLines((old) => [...old, emptyLine()])}>
            Добавить строку
          </button>
        )}
      </fieldset>

      <div className="invoice-form__totals">
        <p>
          Итого: <strong data-testid="invoice-total">{money(total)}</strong>
        </p>
        <div className="field">
          <label htmlFor="invoice-paid">Оплачено, ₽</label>
          <input {...described('invoice-paid', 'paid')} inputMode="decimal" value={paid} disabled={readOnly} onChange={(e) => setPaid(e.target.value)} />
          {errorOf('invoice-paid', 'paid')}
        </div>
        <p>
          {kind === 'return' ? 'Поставщик должен вернуть' : 'Долг поставщику'}: <strong data-testid="invoice-owed">{money(Math.abs(owed))}</strong>
        </p>
      </div>
      <div className="field">
        <label htmlFor="invoice-note">Заметка</label>
        <textarea {...described('invoice-note', 'note')} rows={2} value={note} disabled={readOnly} onChange={(e) => setNote(e.target.value)} />
      </div>

      <FormFooter
        path={invoice.path}
        busy={busy}
        failure={failure}
        mayWrite={mayWrite}
        onDelete={mayDelete ? () => void drop() : undefined}
        save={
          <>
            <button type="submit" className="button button--ghost" disabled={busy}>
              Сохранить черновик
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => void submit('posted')}>
              Провести
            </button>
          </>
        }
        links={record && <DocumentLink kind="invoice" id={record.id}>Накладная для печати</DocumentLink>}
      />
    </form>
  );
};
