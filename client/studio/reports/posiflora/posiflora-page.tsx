import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { formatPhone } from '../../../../schema/shared/phone';
import type { PosifloraRun } from '../../../../schema/studio/reports/posiflora';
import type { ArchivedOrder } from '../../../../schema/studio/reports/posiflora-mapping';
import { levelOf, reaches } from '../../../../schema/shared/user';
import { call } from '../../../lib/api';
import { useSession } from '../../../shared/auth/session';
import './posiflora.css';
import { Money } from '../../../ui/money';

interface Status {
  connected: boolean;
  url?: string;
  username?: string;
  runs: PosifloraRun[];
}

const kindNames: Record<string, string> = { customers: 'Клиенты', items: 'Цветы и материалы', orders: 'Заказы' };
const moment = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Moscow' });

/**
 * /admin/posiflora: the studio's Posiflora account. An admin connects it (address, login, password: kept on the
 * server only); a manager runs the import now (it also runs by itself every 15 minutes); everyone on staff reads the
 * log of runs with what each brought and its errors. The orders' archive is the admin's.
 */
export const PosifloraPage = () => {
  const { user } = useSession();
  const level = levelOf(user);
  const [status, setStatus] = useState<Status | null>(null);
  const [failure, setFailure] = useState('');
  const [form, setForm] = useState({ url: '', username: '', password: '' });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');

  const load = useCallback(() => {
    call('POST /api/posiflora/status', {}).then(
      ({ data }) => setStatus(data),
      (e: unknown) => setFailure((e as Error).message),
    );
  }, []);
  useEffect(load, [load]);

  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setFailure('');
    setNotice('');
    try {
      await work();
      setNotice(done);
      load();
    } catch (e) {
      setFailure((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const connect = (e: FormEvent) => {
    e.preventDefault();
    void act(() => call('POST /api/posiflora/connect', form), 'Posiflora подключена').then(() => setForm((f) => ({ ...f, password: '' })));
  };

  return (
    <section className="record-screen posiflora-page">
      <h1>Posiflora</h1>
      <p>
        Перенос клиентов, цветов и заказов из Posiflora. После подключения изменения забираются каждые 15 минут.{' '}
        <Link to="/admin/posiflora/schemas">Что куда переносится</Link>
      </p>
      {failure && (
        <p role="alert" className="posiflora-page__error">
          {failure}
        </p>
      )}
      {notice && <p role="status">{notice}</p>}
      {!status ? (
        !failure && <p className="muted">Загрузка…</p>
      ) : (
        <>
          <p data-testid="posiflora-state">{status.connected ? `Подключена: ${status.url} (${status.username})` : 'Не подключена'}</p>
          {reaches(level, 'admin') && (
            <form className="posiflora-page__form" onSubmit={connect}>
              <label>
                <span>Адрес аккаунта</span>
                <input type="url" required placeholder="https://studio.posiflora.com" value={form.url} onChange={(e) => setForm({ ...form, url: e.target.value })} />
              </label>
              <label>
                <span>Логин</span>
                <input required autoComplete="off" value={form.username} onChange={(e) => setForm({ ...form, username: e.target.value })} />
              </label>
              <label>
                <span>Пароль</span>
                <input type="password" required autoComplete="new-password" value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} />
              </label>
              <div className="posiflora-page__actions">
                <button className="button" disabled={busy}>
                  {status.connected ? 'Подключить заново' : 'Подключить'}
                </button>
                {status.connected && (
                  <button type="button" className="button button--ghost" disabled={busy} onClick={() => void act(() => call('POST /api/posiflora/disconnect', {}), 'Posiflora отключена')}>
                    Отключить
                  </button>
                )}
              </div>
            </form>
          )}
          {status.connected && reaches(level, 'manager') && (
            <button type="button" className="button" disabled={busy} onClick={() => void act(() => call('POST /api/posiflora/run', {}), 'Перенос завершён')}>
              {busy ? 'Переносится…' : 'Перенести сейчас'}
            </button>
          )}
          <h2>Журнал переносов</h2>
          {status.runs.length === 0 ? (
            <p className="muted">Переносов ещё не было.</p>
          ) : (
            <table className="posiflora-page__log">
              <thead>
                <tr>
                  <th>Когда</th>
                  <th>Что перенесено</th>
                  <th>Ошибки</th>
                </tr>
              </thead>
              <tbody>
                {status.runs.map((r) => (
                  <tr key={r.id}>
                    <td>{moment.format(r.startedAt)}</td>
                    <td>
                      {Object.entries(r.counts).map(([kind, c]) => (
                        <div key={kind}>
                          {kindNames[kind] ?? kind}: прочитано {c.read}, записано {c.written}, пропущено {c.skipped}
                        </div>
                      ))}
                    </td>
                    <td>
                      {r.errors.length
                        ? r.errors.map((e, i) => (
                            <div key={i} className="posiflora-page__error">
                              {kindNames[e.kind] ?? e.kind}: {e.message}
                            </div>
                          ))
                        : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {/* Read again after each run. */}
          {reaches(level, 'admin') && <OrdersArchive key={status.runs[0]?.id ?? 'none'} />}
        </>
      )}
    </section>
  );
};

/** The orders brought from Posiflora: found by number or the client's phone. */
const OrdersArchive = () => {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState<{ items: ArchivedOrder[]; total: number } | null>(null);
  useEffect(() => {
    let current = true;
    const t = setTimeout(() => {
      call('POST /api/posiflora/orders', { search }).then(
        ({ data }) => current && setPage(data),
        () => current && setPage({ items: [], total: 0 }),
      );
    }, 250);
    return () => {
      current = false;
      clearTimeout(t);
    };
  }, [search]);
  return (
    <section aria-label="Заказы из Posiflora">
      <h2>Заказы из Posiflora</h2>
      <input type="search" aria-label="Номер заказа или телефон" placeholder="Номер заказа или телефон" value={search} onChange={(e) => setSearch(e.target.value)} />
      {page && (
        <table className="posiflora-page__log">
          <thead>
            <tr>
              <th>Номер</th>
              <th>День</th>
              <th>Статус</th>
              <th>Сумма</th>
              <th>Клиент</th>
              <th>Адрес</th>
            </tr>
          </thead>
          <tbody>
            {page.items.map((o) => (
              <tr key={o.id}>
                <td>{o.docNo}</td>
                <td>{o.day}</td>
                <td>{o.status}</td>
                <td><Money value={o.total} /></td>
                <td>{o.customerPhone ? formatPhone(o.customerPhone) : '—'}</td>
                <td>{o.address}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
};
