import { useState } from 'react';
import { formatRoubles } from '../../../../schema/shared/money';
import { unitPrice, type Product } from '../../../../schema/shop/product';
import { letterSize, sizes } from '../../../../schema/shop/size';
import { Field } from '../../../ui/form-field';
import type { StudioForm } from './studio-order-form';
import { budgetChoices } from './studio-order-form';

/** «Букет на сумму»: the customer names a budget; a catalogue bouquet that fits stands for the line. */
export const BudgetPicker = ({ products, onPick }: { products: Product[]; onPick: (p: Product, budget: number) => void }) => {
  const [budget, setBudget] = useState('');
  const amount = Number(budget.replace(/\s/g, '')) || 0;
  const choices = budgetChoices(products, amount);
  return (
    <div className="studio-order__picker">
      <Field label="Букет на сумму, ₽">
        <input name="budget" inputMode="numeric" value={budget} onChange={(e) => setBudget(e.target.value.replace(/[^\d\s]/g, ''))} placeholder="Например, 5000" />
      </Field>
      {amount > 0 && !choices.length && <p className="muted">В каталоге нет букета до {formatRoubles(amount)}.</p>}
      <ul className="studio-order__found">
        {choices.map((p) => (
          <li key={p.id}>
            <span>{p.name}</span>
            <span>{formatRoubles(unitPrice(p))}</span>
            <button type="button" className="button button--ghost" aria-label={`На сумму: ${p.name}`} onClick={() => (onPick(p, amount), setBudget(''))}>
              Выбрать
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
};

/** The order's lines: size, count and «Убрать» for each. */
export const Lines = ({ form, byId, change }: { form: StudioForm; byId: Map<string, Product>; change: (part: Partial<StudioForm>) => void }) => {
  const set = (i: number, part: Partial<StudioForm['lines'][number]>) => change({ lines: form.lines.map((l, j) => (j === i ? { ...l, ...part } : l)) });
  if (!form.lines.length) return <p className="muted">Пока ничего не выбрано.</p>;
  return (
    <ul className="studio-order__lines">
      {form.lines.map((l, i) => {
        const p = byId.get(l.id);
        return (
          <li key={`${i}-${l.id}`}>
            <span>
              {p?.name ?? l.id}
              {l.budget ? <span className="muted"> — букет на сумму {formatRoubles(l.budget)}</span> : null}
            </span>
            {p?.sizable && (
              <select aria-label={`Размер: ${p.name}`} value={l.letterSize ?? 'M'} onChange={(e) => set(i, { letterSize: letterSize.catch('M').parse(e.target.value) })}>
                {sizes.map((s) => <option key={s.id} value={s.id}>{s.id}</option>)}
              </select>
            )}
            <input type="number" min={1} max={999} aria-label={`Количество: ${p?.name ?? l.id}`} value={l.count} onChange={(e) => set(i, { count: Math.max(1, Math.min(999, Math.trunc(Number(e.target.value)) || 1)) })} />
            <button type="button" className="link-button" onClick={() => change({ lines: form.lines.filter((_, j) => j !== i) })}>
              Убрать
            </button>
          </li>
        );
      })}
    </ul>
  );
};
