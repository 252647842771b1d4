import { Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useSession } from '../../shared/auth/session';
import { CloseShiftButton } from '../money/shift/close-shift-button';
import { menuFor } from './admin-access';
import { useCounterPrinter } from './counter-printer';
import { LostChangeNotices } from './lost-change-notices';
import { useWaitingChanges, waitingLabel, waitingTotal } from './waiting-changes';
import './admin.css';

/** A menu entry: the dashboard, or an entity screen (/admin/{path}). */
const MenuLink = ({ path, label }: { path: string; label: string }) =>
  path === '/admin' ? (
    <Link to="/admin" activeOptions={{ exact: true }}>
      {label}
    </Link>
  ) : (
    <Link to="/admin/$resource" params={{ resource: path.slice('/admin/'.length) }} activeOptions={{ includeSearch: false }}>
      {label}
    </Link>
  );

/** How long a screen may take to open before the shell says it is opening (as the storefront's loading bar, spec §9). */
const pendingAfterMs = 200;

/**
 * Whether a screen the staff member asked for is still loading (its code, its guards): the router's status, shown
 * only after `pendingAfterMs`, so a quick switch or a filter written into the address does not flicker.
 */
const usePendingScreen = (): boolean => {
  const pending = useRouterState({ select: (s) => s.status === 'pending' });
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(pending), pending ? pendingAfterMs : 0);
    return () => clearTimeout(timer);
  }, [pending]);
  return pending && shown;
};

/**
 * The staff layout: the menu by area (schema/shared/admin-routes.ts), showing only screens that exist and this user
 * may open. On a phone the menu folds behind a button; on a desktop it stands at the side.
 */
export const AdminShell = () => {
  const { user } = useSession();
  const menu = menuFor(user);
  const waiting = useWaitingChanges(user?.phone);
  useCounterPrinter(user);
  const [open, setOpen] = useState(false);
  const path = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => setOpen(false), [path]);
  const opening = usePendingScreen();
  return (
    <div className="admin-shell">
      <nav className="admin-nav" aria-label="Разделы мастерской" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
        <div className="admin-nav__bar">
          <button type="button" className="admin-nav__toggle button button--ghost" aria-expanded={open} aria-controls="admin-menu" onClick={() => setOpen(!open)}>
            {open ? 'Закрыть меню' : 'Меню'}
          </button>
          {/* On a phone the header has no room for it: the shift is closed from here. */}
          <span className="admin-nav__shift">
            <CloseShiftButton />
          </span>
          {waitingTotal(waiting) > 0 && (
            <span className="admin-nav__waiting" role="status" title={waitingLabel(waiting).detail}>
              {waitingLabel(waiting).text}
            </span>
          )}
        </div>
        <div id="admin-menu" className={`admin-nav__menu${open ? ' admin-nav__menu--open' : ''}`}>
          <MenuLink path="/admin" label="Рабочий стол" />
          {menu.map((area) => (
            <section key={area.id} aria-labelledby={`area-${area.id}`}>
              <h2 id={`area-${area.id}`}>{area.label}</h2>
              <ul>
                {area.links.map((l) => (
                  <li key={l.path}>
                    <MenuLink path={l.path} label={l.label} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </nav>
      {/* While a clicked screen's code and guards load, the old screen stays, marked busy under a running bar (drawn
          over the top of the column: nothing moves), and a screen reader hears that the screen is opening. */}
      <div className="admin-shell__main" aria-busy={opening}>
        <div className="admin-shell__opening" role="progressbar" aria-label="Открываем раздел" hidden={!opening} />
        <p className="admin-shell__said" role="status">
          {opening ? 'Открываем раздел…' : ''}
        </p>
        {/* The shell is drawn before the device's store has opened: a screen that reads it waits here, inside the shell. */}
        <Suspense fallback={<p className="muted">Загрузка…</p>}>
          <Outlet />
        </Suspense>
      </div>
      <Suspense fallback={null}>
        <LostChangeNotices />
      </Suspense>
    </div>
  );
};
