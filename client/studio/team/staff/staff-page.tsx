import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { map } from 'rxjs';
import { today } from '../../../../schema/shared/day';
import type { ShopEvent } from '../../../../schema/studio/orders/event';
import { formatPhone } from '../../../../schema/shared/phone';
import { roleLabels, staffChangeLabels, type StaffChange, type StaffPerson } from '../../../../schema/studio/team/staff';
import { staffRoles, type Role } from '../../../../schema/shared/user';
import { call, ApiError } from '../../../lib/api';
import { useFormAction } from '../../../lib/use-form-action';
import { useObservable } from '../../../lib/use-observable';
import { useLocal } from '../../../data/local-data-context';
import { reloadStaffNames } from '../../../data/staff-directory';
import { Field } from '../../../ui/form-field';
import { PhoneInput } from '../../../ui/phone-input';
import { Dialog } from '../../../ui/dialog';

const when = (at: number) => new Date(at).toLocaleString('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Moscow' });
const rolesText = (roles: readonly Role[]) => (roles.length ? roles.map((r) => roleLabels[r].toLowerCase()).join(', ') : 'без ролей');
const errorText = (e: unknown) => (e instanceof ApiError ? e.message : 'Не получилось, попробуйте ещё раз');

const RolePicker = ({ roles, onChange, legend }: { roles: Role[]; onChange: (roles: Role[]) => void; legend: string }) => (
  <fieldset className="staff-roles">
    <legend>{legend}</legend>
    {staffRoles.map((r) => (
      <label key={r} className="choice">
        <input type="checkbox" checked={roles.includes(r)} onChange={() => onChange(roles.includes(r) ? roles.filter((x) => x !== r) : [...roles, r])} />
        <span>{roleLabels[r]}</span>
      </label>
    ))}
  </fieldset>
);

/** Adding a person by phone, with a name and roles. */
const AddPerson = ({ onDone }: { onDone: () => void }) => {
  const [phone, setPhone] = useState('');
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<Role[]>(['florist']);
  const { busy, failure: error, run } = useFormAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await call('POST /api/staff/update', { phone, name, roles, add: true });
      setPhone('');
      setName('');
      setRoles(['florist']);
      onDone();
    });
  };
  return (
    <form className="staff-add" onSubmit={submit} aria-labelledby="staff-add-title">
      <h2 id="staff-add-title">Добавить сотрудника</h2>
      <Field label="Телефон">
        <PhoneInput value={phone} onChange={setPhone} name="phone" />
      </Field>
      <Field label="Имя">
        <input name="name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} autoComplete="off" />
      </Field>
      <RolePicker roles={roles} onChange={setRoles} legend="Роли" />
      {error && <p className="field-error" role="alert">{error}</p>}
      <button type="submit" className="button" disabled={busy}>
        Добавить
      </button>
    </form>
  );
};

/** One staff member's row: name and roles edited in place, removal behind a confirmation. */
const PersonRow = ({ person, onDone }: { person: StaffPerson; onDone: () => void }) => {
  const [name, setName] = useState(person.name);
  const [roles, setRoles] = useState<Role[]>(person.roles);
  const { failure: error, run } = useFormAction();
  const [confirm, setConfirm] = useState(false);
  const changed = name.trim() !== person.name || roles.join() !== person.roles.join();
  const send = (work: () => Promise<unknown>) =>
    void run(async () => {
      await work();
      onDone();
    });
  return (
    <tr data-phone={person.phone}>
      <td data-label="Имя">
        <input aria-label={`Имя: ${person.name || formatPhone(person.phone)}`} value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
        <div className="muted">{formatPhone(person.phone)}</div>
      </td>
      <td data-label="Роли">
        <RolePicker roles={roles} onChange={setRoles} legend={`Роли: ${person.name || formatPhone(person.phone)}`} />
      </td>
      <td data-label="Последний вход">{person.signedInAt ? when(person.signedInAt) : 'ещё не входил(а)'}</td>
      <td data-label="Действия">
        <div className="staff-actions">
          <button type="button" className="button" disabled={!changed} onClick={() => send(() => call('POST /api/staff/update', { phone: person.phone, name, roles }))}>
            Сохранить
          </button>
          <button type="button" className="button button--ghost" onClick={() => setConfirm(true)}>
            Удалить
          </button>
        </div>
        {error && <p className="field-error" role="alert">{error}</p>}
        {confirm && (
          <Dialog title="Удалить сотрудника?" onClose={() => setConfirm(false)}>
            <p>
              {person.name || formatPhone(person.phone)} потеряет доступ к кабинету: вход завершится на всех устройствах сразу.
            </p>
            <div className="staff-actions">
              <button
                type="button"
                className="button"
                onClick={() => {
                  setConfirm(false);
                  send(() => call('POST /api/staff/remove', { phone: person.phone }));
                }}
              >
                Удалить
              </button>
              <button type="button" className="button button--ghost" onClick={() => setConfirm(false)}>
                Отмена
              </button>
            </div>
          </Dialog>
        )}
      </td>
    </tr>
  );
};

/** Who works on a day: ticks that write «Рабочий день» events; what is marked comes from the device's calendar. */
const WorkDays = ({ people }: { people: StaffPerson[] }) => {
  const { data } = useLocal();
  const [day, setDay] = useState(today());
  const [error, setError] = useState<string>();
  const [waiting, setWaiting] = useState<Record<string, boolean>>({});
  const marked$ = useMemo(() => data.shop.events.find({ selector: { day, type: 'workday' } }).$.pipe(map((d) => d.map((x) => x.toJSON() as ShopEvent))), [data, day]);
  const marked = useObservable(marked$, [] as ShopEvent[]);
  const works = (phone: string) => waiting[phone] ?? marked.some((e) => e.data.phone === phone);
  const mark = (phone: string, on: boolean) => {
    setError(undefined);
    setWaiting((w) => ({ ...w, [phone]: on }));
    call('POST /api/staff/workday', { phone, day, works: on })
      .catch((err: unknown) => setError(errorText(err)))
      .finally(() => setTimeout(() => setWaiting(({ [phone]: _done, ...rest }) => rest), 3000));
  };
  return (
    <section aria-labelledby="workdays-title" className="staff-workdays">
      <h2 id="workdays-title">Рабочие дни</h2>
      <Field label="День">
        <input type="date" value={day} onChange={(e) => e.target.value && setDay(e.target.value)} />
      </Field>
      <ul className="staff-workdays__people">
        {people.map((p) => (
          <li key={p.phone}>
            <label className="choice">
              <input type="checkbox" checked={works(p.phone)} onChange={(e) => mark(p.phone, e.target.checked)} />
              <span>{p.name || formatPhone(p.phone)}</span>
            </label>
          </li>
        ))}
      </ul>
      {error && <p className="field-error" role="alert">{error}</p>}
    </section>
  );
};

const ChangeLog = ({ changes }: { changes: StaffChange[] }) => (
  <section aria-labelledby="staff-log-title">
    <h2 id="staff-log-title">Журнал изменений</h2>
    {!changes.length ? (
      <p className="muted">Изменений пока не было.</p>
    ) : (
      <ul className="staff-log">
        {changes.map((c) => (
          <li key={c.n}>
            <span className="muted">{when(c.at)}</span> · {c.byName || formatPhone(c.by)} {staffChangeLabels[c.action]} {c.after.name || c.before.name || formatPhone(c.phone)}
            {c.action === 'remove' ? ` (был(а): ${rolesText(c.before.roles)})` : c.action === 'add' ? ` — ${rolesText(c.after.roles)}` : ` — ${describeChange(c)}`}
          </li>
        ))}
      </ul>
    )}
  </section>
);

const describeChange = (c: StaffChange) => {
  const parts = [
    ...(c.before.name !== c.after.name ? [`имя «${c.before.name}» → «${c.after.name}»`] : []),
    ...(c.before.roles.join() !== c.after.roles.join() ? [`роли: ${rolesText(c.before.roles)} → ${rolesText(c.after.roles)}`] : []),
  ];
  return parts.join('; ');
};

/** /admin/staff (issue 20, item 3): the studio's people, their roles and last sign-in, work days and the log of changes. Online, admins only. */
export const StaffPage = () => {
  const [people, setPeople] = useState<StaffPerson[]>();
  const [changes, setChanges] = useState<StaffChange[]>([]);
  const [error, setError] = useState<string>();
  const load = useCallback(() => {
    Promise.all([
      call('POST /api/staff/people', {}),
      call('POST /api/staff/changes', { skip: 0, limit: 50 }),
    ])
      .then(([p, c]) => {
        setPeople(p.data.items);
        setChanges(c.data.items);
        setError(undefined);
      })
      .catch((e: unknown) => setError(errorText(e)));
  }, []);
  useEffect(load, [load]);
  const { data } = useLocal();
  // Every staff screen names people from the directory: it learns of the change at once on this device.
  const changed = useCallback(() => {
    load();
    void reloadStaffNames(data.dataSources.cache);
  }, [load, data]);

  return (
    <div className="staff-page">
      <h1>Сотрудники</h1>
      {error && <p className="banner" role="alert">{error}</p>}
      {!people ? (
        !error && <p className="muted">Загрузка…</p>
      ) : (
        <>
          <section className="record-list" aria-label="Сотрудники студии">
            <div className="record-list__scroll">
              <table>
                <thead>
                  <tr>
                    <th>Имя и телефон</th>
                    <th>Роли</th>
                    <th>Последний вход</th>
                    <th>Действия</th>
                  </tr>
                </thead>
                <tbody>
                  {people.map((p) => (
                    <PersonRow key={`${p.phone}:${p.name}:${p.roles.join()}`} person={p} onDone={changed} />
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <AddPerson onDone={changed} />
          <WorkDays people={people} />
          <ChangeLog changes={changes} />
        </>
      )}
    </div>
  );
};
