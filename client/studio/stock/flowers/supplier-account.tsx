import { flower as flowerEntity } from '../../../../schema/entities/flower';
import { supplier as supplierEntity } from '../../../../schema/entities/supplier';
import { supplierPayment } from '../../../../schema/entities/supplier-payment';
import { useOfficeOf } from '../../../data/office-of';
import type { OfficeRecord } from '../../../../schema/shared/record';
import { recordData } from '../../../../schema/shared/record';
import { supplierAccount } from '../../../../schema/studio/stock/supplier-account';
import { useLocal } from '../../../data/local-data-context';
import { useStockRecords } from '../../../data/stock-records';
import { money } from './money';

/**
 * Below a supplier's card (/admin/suppliers/{id}): what the studio owes it over its posted invoices less the payments
 * made since, and what it sells (the flowers of its supplies, at the last price paid), from the invoices on the
 * admin's device; voided invoices and payments count for nothing.
 */
export const SupplierAccountPanel = ({ record }: { record: OfficeRecord }) => {
  const { data } = useLocal();
  const stock = useStockRecords(data.shop.office);
  const payments = useOfficeOf(data.shop.office, supplierPayment);
  const supplier = recordData(supplierEntity, record);
  if (!supplier || stock.loading || payments.loading) return null;
  const account = supplierAccount({ id: record.id, name: supplier.name }, stock.invoices.map((i) => ({ ...i.record, data: i.data })), stock.voided, payments.records);
  const names = new Map(stock.flowers.map((f) => [f.record.id, flowerEntity.title(f.data)]));
  return (
    <section className="supplier-account" aria-labelledby="supplier-account-title">
      <h2 id="supplier-account-title">Расчёты и товары</h2>
      <p>
        {account.owed >= 0 ? 'Долг студии поставщику' : 'Поставщик должен студии'}: <strong data-testid="supplier-owed">{money(Math.abs(account.owed))}</strong> · проведённых
        накладных: {account.invoices}
      </p>
      {account.sells.length ? (
        <table className="stock-table">
          <caption>Что поставляет</caption>
          <thead>
            <tr>
              <th scope="col">Цветок или материал</th>
              <th scope="col" className="num">
                Последняя цена
              </th>
              <th scope="col">Когда</th>
            </tr>
          </thead>
          <tbody>
            {account.sells.map((s) => (
              <tr key={s.flower}>
                <td>{names.get(s.flower) ?? 'Удалённая позиция'}</td>
                <td className="num">{money(s.price)}</td>
                <td>{new Date(`${s.day}T12:00:00Z`).toLocaleDateString('ru-RU')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">Проведённых поставок от него пока нет.</p>
      )}
    </section>
  );
};
