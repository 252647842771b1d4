import { lazy, Suspense } from 'react';
import { Link, useRouter, type ErrorComponentProps, type NotFoundRouteProps } from '@tanstack/react-router';
import { ErrorPage, NotFound } from '../../shared/errors/error-page';
import { useSession } from '../../shared/auth/session';
import { canOpen } from '../../../schema/shared/access';
import { noAccessOf } from './no-access';

/** «Недостаточно прав» and a way back: what a staff member sees on a screen their role does not open. */
const Denied = ({ screen }: { screen: string }) => {
  const { user } = useSession();
  const { history } = useRouter();
  const staff = canOpen(user, '/admin');
  return (
    <ErrorPage
      status={403}
      message="Недостаточно прав"
      description={staff ? `Раздел «${screen}» вам не открыт. Если он нужен для работы, попросите администратора.` : 'Этот раздел — для сотрудников мастерской.'}
    >
      {history.canGoBack() && (
        <button type="button" className="button button--ghost" onClick={() => history.back()}>
          Назад
        </button>
      )}
      {staff && (
        <Link to="/admin" className="button button--ghost">
          На рабочий стол
        </Link>
      )}
    </ErrorPage>
  );
};

/** A back-office address that is no screen, for staff (`no-screen.tsx`): a chunk of its own, so no shopper's first script carries it. */
const NoScreen = lazy(() => import('./no-screen').then((m) => ({ default: m.NoScreen })));

/** An admin route's guard said no (see no-access.ts), or the address is no screen at all (staff: `NoScreen`). */
export const AdminNotFound = ({ data }: NotFoundRouteProps) => {
  const { user } = useSession();
  const denied = noAccessOf(data);
  if (denied) return <Denied screen={denied.denied} />;
  return canOpen(user, '/admin') ? (
    <Suspense fallback={null}>
      <NoScreen />
    </Suspense>
  ) : (
    <NotFound />
  );
};

export const AdminError = ({ error }: ErrorComponentProps) => (
  <ErrorPage status={500} message="Что-то пошло не так" description="Обновите страницу — данные на устройстве сохранены." raw={error} />
);
