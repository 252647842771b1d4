import { useCallback, useEffect, useState } from 'react';
import { today } from '../../../schema/day';
import { debtsAnswer, type Counterparty, type Debt, type DebtsAnswer } from '../../../schema/debts';
import { formatRoubles } from '../../../schema/money';
import { paymentMethods } from '../../../schema/order';
import { api } from '../../lib/api';
import { randomId } from '../../lib/random-id';
import './debts.css';

/** A typed sum: roubles (kopecks for a supplier), more than nothing; undefined when it is not one. */
const typedSum = (text: string): number | undefined => {
  const n = Number(text.replace(/[\s\u00a0]/g, '').replace(',', '.'));
  return Number.isFinite(n) && n > 0 ? n : undefined;
};

/**
 * Records a payment against one debt: for an order, the order's payment command with all that has now come for it
 * (a manager's part payment or the whole); for an invoice, a payment to the supplier (a fact of its own).
 */
const recordPayment = async (d: Debt, amount: number, method: 'cash' | 'card' | 'transfer') => {
  if (d.kind === 'order') {
    const action = { kind: 'payment', status: 'paid', method, amount: Math.round(d.paid + amount) };
    await api('/api/orders/command', { id: `pay-${randomId()}`, order: d.id, action });
  } else {
    await api('/api/supplier-payments/update', { data: { invoice: d.id, day: today(), amount, method, note: '' } });
  }
};

const PayForm = ({ d, onPaid }: { d: Debt; onPaid: () => void }) => {
  const [amount, setAmount] = useState(String(d.owed));
  // A customer pays cash; a supplier, and a corporate client on credit (`due`), by bank transfer.
  const [method, setMethod] = useState<'cash' | 'card' | 'transfer'>(d.kind === 'order' && !d.due ? 'cash' : 'transfer');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const pay = async () => {
    const sum = typedSum(amount);
    if (sum === undefined || (d.kind === 'order' && !Number.isInteger(sum))) return setError(d.kind === 'order' ? 'Сумма — целое число рублей больше нуля' : 'Сумма — число больше нуля');
    if (sum > d.owed) return setError(`Больше долга: должны ${formatRoubles(d.owed)}`);
    setBusy(true);
    try {
      await recordPayment(d, sum, method);
      setError('');
      onPaid();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="debt__pay">
      <input name="pay-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} aria-label={`Сумма оплаты: ${d.title}`} />
      <select name="pay-method" value={method} onChange={(e) => setMethod(e.target.value as typeof method)} aria-label={`Способ оплаты: ${d.title}`}>
        {paymentMethods.map((m) => (
          <option key={m.id} value={m.id}>
            {m.label}
          </option>
        ))}
      </select>
      <button type="button" className="button" disabled={busy} onClick={() => void pay()}>
        Записать оплату
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
};

/** On credit: the term, and what is past it (a corporate client's, schema/debts.ts). */
const overdueNote = (overdue: number | undefined) =>
  overdue ? (
    <>
      , <span className="debt__overdue">просрочено {formatRoubles(overdue)}</span>
    </>
  ) : null;

const Side = ({ title, parties, total, overdue, onPaid }: { title: string; parties: Counterparty[]; total: number; overdue?: number; onPaid: () => void }) => (
  <section aria-label={title} className="debts__side">
    <h2>
      {title}: <span data-testid={`${title}-total`}>{formatRoubles(total)}</span>
      {overdueNote(overdue)}
    </h2>
    {parties.length === 0 && <p className="muted">Долгов нет.</p>}
    {parties.map((c) => (
      <details key={c.key} className="debt" open={parties.length <= 5}>
        <summary>
          <strong>{c.name}</strong> — {formatRoubles(c.owed)}, с {c.since}
          {c.creditDays !== undefined && `, отсрочка ${c.creditDays} дн.`}
          {overdueNote(c.overdue)}
        </summary>
        <ul>
          {c.items.map((d) => (
            <li key={d.id} aria-label={d.title}>
              <span>
                {d.title}: должны {formatRoubles(d.owed)} из {formatRoubles(d.total)}, с {d.since}
                {d.due && `, оплатить до ${d.due}`}
                {d.overdue && <span className="debt__overdue"> — просрочен</span>}
              </span>
              {/* Keyed by what is owed: after a part payment the form offers the rest, not the sum it was drawn with. */}
              <PayForm key={d.owed} d={d} onPaid={onPaid} />
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
    api<unknown>('/api/debts/list', {})
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
