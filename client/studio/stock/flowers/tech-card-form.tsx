import { useMemo, useState, type FormEvent } from 'react';
import { FormFooter } from '../../kit/form-footer';
import { can } from '../../../../schema/shared/access';
import { flower } from '../../../../schema/entities/flower';
import { techCard, type TechCardLine } from '../../../../schema/entities/tech-card';
import { warehouse } from '../../../../schema/entities/warehouse';
import { formatRoubles } from '../../../../schema/shared/money';
import { bouquetsFromStems, marginFlag, stemsCost, stemsOf, suggestedPrice, techCardIssue } from '../../../../schema/studio/stock/tech-card';
import { call } from '../../../lib/api';
import { useFormAction } from '../../../lib/use-form-action';
import { useObservable } from '../../../lib/use-observable';
import { useLocal } from '../../../data/local-data-context';
import { useRecipeBook } from '../../../data/recipe-book';
import { useBalanceBook } from '../../../data/stock-balances';
import { officeInSyncAt$, waitsToBeSent } from '../../../data/sync/in-sync-mark';
import { useNotice } from '../../../ui/notices';
import { useSession } from '../../../shared/auth/session';
import type { RecordFormProps } from '../../kit/record-form';
import { ReferenceInput, type ReferenceGroup } from '../../kit/reference-input';
import { useEntityWrites } from '../../kit/use-entity';
import { Money } from '../../../ui/money';

/** A recipe line as the inputs hold it: what it names (`f:{flower}` or `c:{card}`) and the quantity typed. */
interface LineInput {
  part: string;
  qty: string;
}

const partOf = (l: TechCardLine): string => (l.flower ? `f:${l.flower}` : `c:${l.card}`);
const lineOf = ({ part, qty }: LineInput) => ({
  flower: part.startsWith('f:') ? part.slice(2) : '',
  card: part.startsWith('c:') ? part.slice(2) : '',
  qty: qty.trim() === '' ? Number.NaN : Number(qty.replace(/\s/g, '').replace(',', '.')),
});
/** What a recipe line may name, each kind under its heading in the line's picker. */
const partGroups: readonly ReferenceGroup[] = [
  { entity: flower.type, heading: 'Цветы и материалы' },
  { entity: techCard.type, heading: 'Техкарты-основы' },
];

const numberOf = (s: string, fallback: number) => (s.trim() === '' ? fallback : Number(s.replace(/\s/g, '').replace(',', '.')));

/**
 * /admin/products/new and /admin/products/{id}: a bouquet's tech card. The recipe's lines name a flower or material
 * or another card (never one that includes this one), the cost and the suggested price follow every change from the
 * purchase prices on the device, offline too; «Опубликовать» makes or updates the catalogue item (online).
 */
export const TechCardForm = ({ record, initial: from, onDone }: RecordFormProps) => {
  const { user } = useSession();
  const notice = useNotice();
  const { data } = useLocal();
  const { save, remove } = useEntityWrites(techCard);
  const { book } = useRecipeBook(data.shop.office);
  const balances = useBalanceBook(data.shop.office).book;
  const inSyncAt = useObservable(officeInSyncAt$, officeInSyncAt$.value);
  const stored = useMemo(() => techCard.fields.safeParse(record ? record.data : from).data, [record, from]);
  // A new card made for a catalogue item («Создать техкарту» on /admin/items) starts with its name, bound to it.
  const madeFor = useMemo(() => (record ? undefined : techCard.fields.pick({ name: true, product: true }).partial().safeParse(from).data), [record, from]);
  // The form starts from the record as first read; later copies (a publish writing the item's id) do not reset typing.
  const [initial] = useState(() => ({
    name: stored?.name ?? madeFor?.name ?? '',
    art: stored?.art ?? '',
    warehouse: stored?.warehouse ?? '',
    markup: String(stored?.markup ?? 150),
    price: stored?.price ? String(stored.price) : '',
    active: stored?.active ?? true,
    note: stored?.note ?? '',
    lines: stored?.lines.map((l) => ({ part: partOf(l), qty: String(l.qty) })) ?? [{ part: '', qty: '' }],
  }));
  const [form, setForm] = useState(initial);
  const { busy, failure, errors, refuse, run, remove: removeAsked } = useFormAction();
  const mayWrite = can(user, record ? 'update' : 'create', techCard, record);
  const mayDelete = !!record && can(user, 'delete', techCard, record);
  const set = <K extends keyof typeof form>(k: K, v: (typeof form)[K]) => setForm((old) => ({ ...old, [k]: v }));
  const setLine = (i: number, l: Partial<LineInput>) => set('lines', form.lines.map((x, j) => (j === i ? { ...x, ...l } : x)));

  const draft = {
    name: form.name,
    art: form.art.trim().toUpperCase(),
    warehouse: form.warehouse,
    lines: form.lines.map(lineOf),
    markup: numberOf(form.markup, 150),
    price: numberOf(form.price, 0),
    product: record?.data.product ?? stored?.product ?? madeFor?.product ?? '',
    active: form.active,
    note: form.note,
  };
  const markup = Number.isFinite(draft.markup) ? draft.markup : 150;
  const usable = { lines: draft.lines.filter((l) => (l.flower || l.card) && l.qty > 0) };
  const stems = stemsOf(usable, book.cards);
  const { cost, unpriced } = stemsCost(stems, book.prices);
  const suggested = suggestedPrice(cost, markup);
  const flag = marginFlag(Number.isFinite(draft.price) ? draft.price : 0, cost, markup);
  const canMake = form.warehouse ? bouquetsFromStems(stems, (f) => balances.balance(f, form.warehouse)) : 0;
  const titleOf = (id: string) => book.flowers.get(id)?.title ?? id;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = techCard.fields.safeParse(draft);
    const found: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.path[0] === 'lines' && issue.code === 'invalid_type' ? 'Введите число' : issue.message;
    else {
      const issue = techCardIssue(record?.id ?? '', parsed.data, book.cards, book.units);
      if (issue) found.lines = issue;
    }
    if (!parsed.success || Object.keys(found).length) return refuse(found);
    await run(async () => {
      await save(parsed.data, record);
      notice('Сохранено');
      onDone();
    });
  };

  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  const waiting = !!record && !!user && waitsToBeSent(record, user.phone, inSyncAt);
  const publish = async () => {
    if (!record) return;
    await run(async () => {
      const { data: item } = await call('POST /api/products/publish', { id: record.id });
      notice(`Опубликовано в каталоге: «${item.name}», ${formatRoubles(item.price)}, артикул ${item.art}`);
      onDone();
    });
  };

  const drop = async () => {
    if (!record) return;
    await removeAsked(`Удалить: ${record.title}?`, async () => {
      await remove(record);
      notice('Удалено');
      onDone();
    });
  };

  const error = (name: string) => errors[name] && <p className="field-error" id={`${name}-error`}>{errors[name]}</p>;
  const described = (name: string) => ({ 'aria-invalid': !!errors[name], 'aria-describedby': errors[name] ? `${name}-error` : undefined });

  return (
    <form className="form record-form" onSubmit={(e) => void submit(e)} noValidate aria-label={record ? record.title : techCard.labels.create}>
      <div className="field">
        <label htmlFor="card-name">{techCard.labels.fields.name} *</label>
        <input id="card-name" value={form.name} disabled={!mayWrite} onChange={(e) => set('name', e.target.value)} {...described('name')} />
        {error('name')}
      </div>
      <div className="field">
        <label htmlFor="card-warehouse">{techCard.labels.fields.warehouse} *</label>
        <ReferenceInput
          id="card-warehouse"
          entity={warehouse.type}
          label={techCard.labels.fields.warehouse}
          value={form.warehouse}
          disabled={!mayWrite}
          invalid={!!errors.warehouse}
          describedBy={errors.warehouse ? 'warehouse-error' : undefined}
          onChange={(id) => set('warehouse', id)}
        />
        {error('warehouse')}
      </div>

      <fieldset className="field field--list">
        <legend>{techCard.labels.fields.lines} *</legend>
        {form.lines.map((l, i) => (
          <div key={i} className="tech-card-line" role="group" aria-label={`Строка ${i + 1}`}>
            <div className="field">
              <label htmlFor={`line-${i}-part`}>Цветок, материал или основа</label>
              <ReferenceInput
                id={`line-${i}-part`}
                entity={l.part.startsWith('c:') ? techCard.type : flower.type}
                groups={partGroups}
                label="Цветок, материал или основа"
                placeholder="Найти"
                compact
                value={l.part.slice(2)}
                disabled={!mayWrite}
                invalid={!!errors[`lines.${i}.flower`]}
                describedBy={errors[`lines.${i}.flower`] ? `lines.${i}.flower-error` : undefined}
                // A card never names itself; one that would include it through others the form refuses on saving.
                leaveOut={(id) => id === record?.id}
                onChange={(id, picked) => setLine(i, { part: id ? `${picked?.entity === techCard.type ? 'c' : 'f'}:${id}` : '' })}
              />
              {error(`lines.${i}.flower`)}
            </div>
            <div className="field field--qty">
              <label htmlFor={`line-${i}-qty`}>Количество</label>
              <input id={`line-${i}-qty`} inputMode="decimal" value={l.qty} disabled={!mayWrite} onChange={(e) => setLine(i, { qty: e.target.value })} {...described(`lines.${i}.qty`)} />
              {error(`lines.${i}.qty`)}
            </div>
            {mayWrite && (
              <button type="button" className="button button--ghost" onClick={() => set('lines', form.lines.filter((_, j) => j !== i))} aria-label={`Убрать строку ${i + 1}`}>
                Убрать
              </button>
            )}
          </div>
        ))}
        {mayWrite && (
          <button type="button" className="button button--ghost" onClick={() => set('lines', [...form.lines, { part: '', qty: '' }])}>
            Добавить строку
          </button>
        )}
        {errors.lines && (
          <p className="field-error" role="alert">
            {errors.lines}
          </p>
        )}
      </fieldset>

      <section className="tech-card-sums" aria-label="Себестоимость и цена" aria-live="polite">
        <p>
          Себестоимость: <strong><Money value={cost} /></strong>
          {unpriced.length > 0 && <span className="muted"> · без закупочной цены: {unpriced.map(titleOf).join(', ')}</span>}
        </p>
        <p>
          Рекомендуемая цена при наценке {markup} %: <strong><Money value={suggested} /></strong>
        </p>
        {flag && <p className={`tech-card-flag tech-card-flag--${flag.level}`}>⚠ {flag.text}</p>}
        {form.warehouse && <p className="muted">Из цветов на складе можно собрать: {canMake}</p>}
      </section>

      <div className="field">
        <label htmlFor="card-markup">{techCard.labels.fields.markup}</label>
        <input id="card-markup" inputMode="numeric" value={form.markup} disabled={!mayWrite} onChange={(e) => set('markup', e.target.value)} {...described('markup')} />
        {error('markup')}
      </div>
      <div className="field">
        <label htmlFor="card-price">{techCard.labels.fields.price}</label>
        <input id="card-price" inputMode="numeric" value={form.price} placeholder={suggested ? String(suggested) : ''} disabled={!mayWrite} onChange={(e) => set('price', e.target.value)} {...described('price')} />
        {mayWrite && suggested > 0 && (
          <button type="button" className="button button--ghost" onClick={() => set('price', String(suggested))}>
            Поставить рекомендуемую
          </button>
        )}
        {error('price')}
      </div>
      <div className="field">
        <label htmlFor="card-art">{techCard.labels.fields.art}</label>
        <input id="card-art" value={form.art} placeholder="Выдаётся при публикации" disabled={!mayWrite} onChange={(e) => set('art', e.target.value)} {...described('art')} />
        {error('art')}
      </div>
      <div className="field field--inline">
        <input id="card-active" type="checkbox" checked={form.active} disabled={!mayWrite} onChange={(e) => set('active', e.target.checked)} />
        <label htmlFor="card-active">{techCard.labels.fields.active}</label>
      </div>
      <div className="field">
        <label htmlFor="card-note">{techCard.labels.fields.note}</label>
        <textarea id="card-note" rows={3} value={form.note} disabled={!mayWrite} onChange={(e) => set('note', e.target.value)} />
      </div>
      {record?.data.product ? <p className="muted">Опубликована в каталоге, артикул {String(record.data.art)}.</p> : null}

      <FormFooter
        path={techCard.path}
        busy={busy}
        failure={failure}
        mayWrite={mayWrite}
        onDelete={mayDelete ? () => void drop() : undefined}
        actions={
          record &&
          mayWrite && (
            <button type="button" className="button button--ghost" disabled={busy || dirty || waiting} onClick={() => void publish()}>
              {record.data.product ? 'Обновить в каталоге' : 'Опубликовать в каталоге'}
            </button>
          )
        }
      />
      {record && mayWrite && (dirty || waiting) && (
        <p className="muted">{dirty ? 'Сохраните изменения, чтобы опубликовать.' : 'Техкарта ещё не отправлена на сервер: опубликовать можно, когда появится связь.'}</p>
      )}
    </form>
  );
};
