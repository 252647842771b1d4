import { useEffect, useState } from 'react';
import type { BackupView } from '../../../schema/shared/backup-view';
import { isAdmin } from '../../../schema/shared/user';
import { call } from '../../lib/api';
import { useSession } from '../../shared/auth/session';

const when = (iso: string) => new Date(iso).toLocaleString('ru-RU', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Moscow' });

/**
 * The shop's backups on the admin's dashboard (issue 31): when the last copy was made, a warning when that was more
 * than a day ago (or never, or the last try failed), and a copy made now. Online only: the state is the server's.
 */
export const BackupPanel = () => {
  const { user } = useSession();
  const admin = isAdmin(user);
  const [view, setView] = useState<BackupView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!admin) return;
    call('POST /api/backups/status', {})
      .then(setView)
      .catch(() => setView(null));
  }, [admin]);
  if (!admin || !view) return null;
  const makeNow = () => {
    setBusy(true);
    setError('');
    call('POST /api/backups/run', {})
      .then(setView)
      .catch((e: Error) => setError(e.message))
      .finally(() => setBusy(false));
  };
  return (
    <section aria-labelledby="backups" className="backup-panel">
      <h2 id="backups">Резервные копии</h2>
      {!view.on ? (
        <p role="alert">Резервные копии выключены: задайте папку BACKUP_DIR и перезапустите магазин.</p>
      ) : (
        <>
          {view.at ? (
            <p role={view.stale ? 'alert' : undefined} className={view.stale ? 'backup-panel__stale' : 'muted'}>
              Последняя копия: {when(view.at)}
              {view.stale ? ' — больше суток назад' : ''}
            </p>
          ) : (
            <p role="alert">Резервных копий ещё не было.</p>
          )}
          {view.failure && (
            <p role="alert">
              Копия {when(view.failure.at)} не сделана: {view.failure.reason}
            </p>
          )}
          <button type="button" className="button button--ghost" onClick={makeNow} disabled={busy}>
            {busy ? 'Делаем копию…' : 'Сделать копию'}
          </button>
          {error && <p role="alert">{error}</p>}
        </>
      )}
    </section>
  );
};
