import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { isStaff } from '../../../schema/user';
import { ErrorPage } from '../errors/error-page';
import { useSession } from './session';

/** Spec §6: the whole /admin tree needs florist, manager or admin. The server checks every call again. */
export const RequireStaff = ({ children }: { children: ReactNode }) => {
  const { user } = useSession();
  if (!isStaff(user))
    return (
      <ErrorPage status={403} message="Нет доступа" description="Этот раздел — для сотрудников мастерской. Войдите по рабочему номеру телефона.">
        {!user && (
          <Link to="/login" className="button button--ghost">
            Войти
          </Link>
        )}
      </ErrorPage>
    );
  return children;
};
