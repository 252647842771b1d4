import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { ErrorPage } from '../errors/error-page';
import { useSession } from './session';
import { passes } from './route-guards';

/** Spec §6: the whole /admin tree needs florist, manager or admin. The server checks every call again. */
export const RequireStaff = ({ children }: { children: ReactNode }) => {
  const { user } = useSession();
  if (!passes('florist', user))
    return (
      <ErrorPage status={403} message="Нет доступа" description="Этот раздел — для сотрудников мастерской. Войдите по рабочему номеру телефона.">
        {!user && (
          <Link to="/login" search={{ redirect: '/admin' }} className="button button--ghost">
            Войти
          </Link>
        )}
      </ErrorPage>
    );
  return children;
};
