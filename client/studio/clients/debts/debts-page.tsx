import { useCallback, useEffect, useState } from 'react';
import { today } from '../../../../schema/shared/day';
import { debtsAnswer, spreadPayment, type Counterparty, type Debt, type DebtsAnswer } from '../../../../schema/studio/clients/debts';
import { formatRoubles } from '../../../../schema/shared/money';
import { paymentMethods } from '../../../../schema/studio/orders/order';
import { call } from '../../../lib/api';
import { recordCall } from '../../../lib/record-call';
import { supplierPayment } from '../../../../schema/entities/supplier-payment';
import { randomId } from '../../../lib/random-id';
import './debts.css';
import { Money } from '../../../ui/money';

/** A typed sum: roubles (kopecks for a supplier), more than nothing; undefined when it is not one. */
const typedSum = (text: string): number | undefined => {
  const n = Number(text.replace(/[\s\u00a0]/g, '').replace(',', '.'));
  return Number.isFinite(n) && n > 0 ? n : undefined;
};

type Method = 'cash' | 'card' | 'transfer';

/**
 * Records a payment against one debt: for an order, the order's payment command with all that has now come for it
 * (a manager's part payment or the whole); for an invoice, a payment to the supplier (a fact of its own).
 */
const recordPayment = async (d: Debt, amount: number, method: Method) => {
  if (d.kind === 'order') {
    const action = { kind: 'payment' as const, status: 'paid' as const, method, amount: Math.round(d.paid + amount) };
    await call('POST /api/orders/command', { id: `pay-${randomId()}`, order: d.id, action });
  } else {
    await recordCall(supplierPayment, 'update', { data: { invoice: d.id, day: today(), amount, method, note: '' } });
  }
};

/** A sum and a method for what `title` owes; `record` writes it, and the list is read again after, done or not. */
const PayForm = ({ title, owed, whole, method: first, button = 'Записать оплату', record, onPaid }: { title: string; owed: number; whole: boolean; method: Method; button?: string; record: (sum: number, method: Method) => Promise<void>; onPaid: () => void }) => {
  const [amount, setAmount] = useState(String(owed));
  const [method, setMethod] = useState<Method>(first);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const pay = async () => {
    const sum = typedSum(amount);
    if (sum === undefined || (whole && !Number.isInteger(sum))) return setError(whole ? 'Сумма — целое число рублей больше нуля' : 'Сумма — число больше нуля');
    if (sum > owed) return setError(`Больше долга: должны ${formatRoubles(owed)}`);
    setBusy(true);
    try {
      await record(sum, method);
      setError('');
      onPaid();
    } catch (e) {
      setError((e as Error).message);
      onPaid();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="debt__pay">
      <input name="pay-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} aria-label={`Сумма оплаты: ${title}`} />
      <select name="pay-method" value={method} onChange={(e) => setMethod(e.target.value as Method)} aria-label={`Способ оплаты: ${title}`}>
        {paymentMethods.map((m) => (
          <option key={m.id} value={m.id}>
            {m.label}
          </option>
        ))}
      </select>
      <button type="button" className="button" disabled={busy} onClick={() => void pay()}>
        {button}
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
};

/** One debt's payment. A customer pays cash; a supplier, and a corporate client on credit (`due`), by bank transfer. */
const DebtPayment = ({ d, onPaid }: { d: Debt; onPaid: () => void }) => (
  <PayForm title={d.title} owed={d.owed} whole={d.kind === 'order'} method={d.kind === 'order' && !d.due ? 'cash' : 'transfer'} record={(sum, method) => recordPayment(d, sum, method)} onPaid={onPaid} />
);

/**
 * A corporate client's one transfer for several orders, spread over them oldest first (`spreadPayment`): each order's
 * own payment command, one after another; should one be refused, those before it stand and the list shows what is left.
 */
const CounterpartyPayment = ({ c, onPaid }: { c: Counterparty; onPaid: () => void }) => {
  const record = async (sum: number, method: Method) => {
    const { parts } = spreadPayment(c.items, sum);
    for (const [i, part] of parts.entries()) {
      try {
        await recordPayment(part.debt, part.amount, method);
      } catch (e) {
        throw new Error(`${part.debt.title}: ${(e as Error).message}${i ? ` (записано по ${i} из ${parts.length})` : ''}`);
      }
    }
  };
  return <PayForm title={c.name} owed={c.owed} whole method="transfer" button="Разнести оплату по заказам" record={record} onPaid={onPaid} />;
};

/** On credit: the term, and what is past it (a corporate client's, schema/studio/clients/debts.ts). */
const overdueNote = (overdue: number | undefined) =>
  overdue ? (
    <>
      , <span className="debt__overdue">просрочено <Money value={overdue} /></span>
    </>
  ) : null;

const Side = ({ title, parties, total, overdue, onPaid }: { title: string; parties: Counterparty[]; total: number; overdue?: number; onPaid: () => void }) => (
  <section aria-label={title} className="debts__side">
    <h2>
      {title}: <span data-testid={`${title}-total`}><Money value={total} /></span>
      {overdueNote(overdue)}
    </h2>
    {parties.length === 0 && <p className="muted">Долгов нет.</p>}
    {parties.map((c) => (
      <details key={c.key} className="debt" open={parties.length <= 5}>
        <summary>
          <strong>{c.name}</strong> — <Money value={c.owed} />, с {c.since}
          {c.creditDays !== undefined && `, отсрочка ${c.creditDays} дн.`}
          {overdueNote(c.overdue)}
        </summary>
        {c.kind === 'corporate' && c.items.length > 1 && (
          <div className="debt__whole">
            <p className="muted">Одна оплата за несколько заказов — по заказам, начиная со старых:</p>
            <CounterpartyPayment key={c.owed} c={c} onPaid={onPaid} />
          </div>
        )}
        <ul>
          {c.items.map((d) => (
            <li key={d.id} aria-label={d.title}>
              <span>
                {d.title}: должны <Money value={d.owed} /> из <Money value={d.total} />, с {d.since}
                {d.due && `, оплатить до ${d.due}`}
                {d.overdue && <span className="debt__overdue"> — просрочен</span>}
              </span>
              {/* Keyed by what is owed: after a part payment the form offers the rest, not the sum it was drawn with. */}
              <DebtPayment key={d.owed} d={d} onPaid={onPaid} />
            </li>
          ))}
        </ul>
      </details>
    ))}
  </section>
);

/** /admin/debts: who owes the studio (customers, corporate clients on credit) and whom it owes, computed by the server (admins, online). */
export const DebtsPage = () => {
  const [debts, setDebts] = useState<DebtsAnswer['data'] | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(() => {
    call('POST /api/debts/list', {})
      .then((a) => {
        setDebts(debtsAnswer.parse(a).data);
        setError('');
      })
      .catch((e: Error) => setError(e.message));
  }, []);
  useEffect(load, [load]);
  return (
    <section className="debts">
      <h1>Долги</h1>
      {error && <p role="alert">Не удалось получить долги: {error}</p>}
      {!debts && !error && <p className="muted">Загрузка…</p>}
      {debts && (
        <>
          <Side title="Нам должны" parties={debts.customers} total={debts.owedToUs} onPaid={load} />
          <Side title="Корпоративные клиенты" parties={debts.corporate} total={debts.owedByCorporate} overdue={debts.overdue} onPaid={load} />
          <Side title="Мы должны" parties={debts.suppliers} total={debts.owedByUs} onPaid={load} />
        </>
      )}
    </section>
  );
};
