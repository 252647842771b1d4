import { Link } from '@tanstack/react-router';
import { can } from '../../../schema/shared/access';
import { canOpenScreen } from '../../../schema/shared/back-office-routes';
import { entityByPath } from '../../../schema/entities';
import { forgetRefused, reopenPath, useRefusedChanges } from '../../data/sync/refused-changes';
import { useSession } from '../../shared/auth/session';

const when = (at: number) => new Date(at).toLocaleString('ru-RU', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Moscow' });

/**
 * New records the server refused that this device kept (data/sync/refused-changes.ts): each opens again in its new form
 * or is forgotten. The notice that offered it may be long gone (closed, the page reloaded); what was typed is not.
 * Only the signed-in staff member's own: a shared phone shows nobody another's refused work.
 */
export const RefusedList = () => {
  const { user } = useSession();
  const shown = useRefusedChanges().flatMap((c) => {
    if (!user || c.by !== user.phone) return [];
    const path = reopenPath(c);
    const entity = path && entityByPath(path);
    const screen = `/admin/${path}`;
    return entity && canOpenScreen(user, screen) && can(user, 'create', entity) ? [{ change: c, path, entity }] : [];
  });
  if (!shown.length) return null;
  return (
    <section aria-labelledby="refused">
      <h2 id="refused">Отклонены сервером</h2>
      <ul className="refused-list">
        {shown.map(({ change, path, entity }) => (
          <li key={change.id}>
            <p>
              <strong>
                {entity.labels.one} «{change.title}»
              </strong>{' '}
              <span className="muted">{when(change.at)}</span>
            </p>
            <p>{change.reason}</p>
            <p className="form__buttons">
              <Link className="button" to="/admin/$resource/$id" params={{ resource: path, id: 'new' }} search={{ from: change.id }}>
                Открыть как новую запись
              </Link>
              <button type="button" className="button button--ghost" onClick={() => forgetRefused(change.db, change.id)} aria-label={`Забыть: ${entity.labels.one} «${change.title}»`}>
                Забыть
              </button>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
};
