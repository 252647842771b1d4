import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { today } from '../../../../schema/shared/day';
import { eventInput, eventTypes, mayChangeEvent, monthOf, shopEvent, type ShopEvent } from '../../../../schema/studio/orders/event';
import { saveEvent } from '../../../data/calendar';
import { useLocal } from '../../../data/local-data-context';
import { useSession } from '../../../shared/auth/session';
import { call, ApiError } from '../../../lib/api';
import './calendar.css';

interface Draft {
  title: string;
  description: string;
  day: string;
  type: ShopEvent['type'];
  sum: string;
  data: string;
}

const draftOf = (e: ShopEvent | undefined, day: string | undefined): Draft => ({
  title: e?.title ?? '',
  description: e?.description ?? '',
  day: e?.day ?? day ?? today(),
  type: e?.type ?? 'event',
  sum: e ? String(e.sum) : '0',
  data: e && Object.keys(e.data).length ? JSON.stringify(e.data, null, 2) : '',
});

const dataOf = (text: string): unknown => {
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return 'not json';
  }
};

/** The event asked for: the device's copy, else (an admin's view of an event not pulled yet) the server's month. */
const findEvent = async (events: ReturnType<typeof useLocal>['data']['shop']['events'], id: string, day: string | undefined): Promise<ShopEvent | null> => {
  const local = await events.findOne(id).exec();
  if (local) return local.toMutableJSON();
  if (!day) return null;
  const month = await call('POST /api/events/list', monthOf(day)).catch(() => []);
  return month.find((e) => e.id === id) ?? null;
};

/**
 * /admin/events: creates an event (on the day chosen in the calendar) or changes one, with the spec's fields (title,
 * description, day, type, sum, data). The server signs it; offline it waits in the device's calendar.
 */
export const EventPage = () => {
  const { id, day } = useSearch({ from: '/admin/events' });
  const { data } = useLocal();
  const { user } = useSession();
  const navigate = useNavigate();
  const [stored, setStored] = useState<ShopEvent | null | undefined>(id ? undefined : null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(undefined, day));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft | 'form', string>>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!id) return;
    let current = true;
    void findEvent(data.shop.events, id, day).then((e) => {
      if (!current) return;
      setStored(e);
      if (e) setDraft(draftOf(e, undefined));
    });
    return () => {
      current = false;
    };
  }, [data, id, day]);

  if (stored === undefined) return <p className="muted">Загрузка…</p>;
  if (id && !stored)
    return (
      <section className="record-screen">
        <h1>Событие</h1>
        <p>Такого события нет: возможно, его удалили.</p>
        <Link to="/admin/events/list">К списку событий</Link>
      </section>
    );
  const readOnly = !!stored && !!user && !mayChangeEvent(user, stored);

  const change = (field: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: e.target.value }));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = eventInput.safeParse({ ...stored, ...draft, sum: Number(draft.sum), data: dataOf(draft.data), id: stored?.id, source: stored?.source ?? 'admin' });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'form');
        const key = (field in draft ? field : 'form') as keyof typeof errors;
        found[key] ??= key === 'data' ? 'Данные — объект JSON из строк, чисел или да/нет' : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { event } = await saveEvent(data.shop.events, parsed.data, user?.phone ?? '');
      void navigate({ to: '/admin/calendar', search: { ...monthOf(event.day), day: event.day } });
    } catch (err) {
      setErrors({ form: err instanceof ApiError ? err.message : 'Не удалось сохранить событие' });
      setBusy(false);
    }
  };

  return (
    <section className="record-screen">
      <h1>{stored ? `Событие: ${stored.title}` : 'Новое событие'}</h1>
      {readOnly && <p className="muted">Это событие записал сервер или другой сотрудник: изменить его может автор или администратор.</p>}
      <form className="form record-form" onSubmit={(e) => void save(e)} noValidate>
        <fieldset disabled={readOnly || busy} className="form">
          <Field label="Название" error={errors.title}>
            <input name="title" value={draft.title} onChange={change('title')} maxLength={shopEvent.shape.title.maxLength ?? 200} aria-invalid={!!errors.title} required />
          </Field>
          <Field label="Описание" error={errors.description}>
            <textarea name="description" value={draft.description} onChange={change('description')} rows={3} />
          </Field>
          <Field label="День" error={errors.day}>
            <input name="day" type="date" value={draft.day} onChange={change('day')} aria-invalid={!!errors.day} required />
          </Field>
          <Field label="Тип" error={errors.type}>
            <select name="type" value={draft.type} onChange={(e) => setDraft((d) => ({ ...d, type: eventTypes.find((t) => t.id === e.target.value)?.id ?? d.type }))}>
              {eventTypes.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Сумма, ₽" error={errors.sum}>
            <input name="sum" type="number" inputMode="numeric" min={0} step={1} value={draft.sum} onChange={change('sum')} aria-invalid={!!errors.sum} />
          </Field>
          <Field label="Данные (JSON)" error={errors.data}>
            <textarea name="data" value={draft.data} onChange={change('data')} rows={3} placeholder='{"number": 1042}' />
          </Field>
        </fieldset>
        {errors.form && <p role="alert" className="field-error">{errors.form}</p>}
        <div className="form__buttons">
          {!readOnly && (
            <button type="submit" className="button" disabled={busy}>
              Сохранить
            </button>
          )}
          <Link to="/admin/events/list" search={monthOf(draft.day.length === 10 ? draft.day : today())}>
            К списку событий
          </Link>
        </div>
      </form>
    </section>
  );
};

const Field = ({ label, error, children }: { label: string; error: string | undefined; children: React.ReactNode }) => (
  <label className="field">
    <span>{label}</span>
    {children}
    <p className="field-error" aria-live="polite">
      {error ?? ''}
    </p>
  </label>
);
