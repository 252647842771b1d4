import { Link, useRouter, useRouterState, type ErrorComponentProps, type NotFoundRouteProps } from '@tanstack/react-router';
import { ErrorPage, NotFound } from '../../shared/errors/error-page';
import { usePageTitle } from '../../ui/page-title';
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

/**
 * A back-office address that is no screen (a typo, an old bookmark: /admin/shifts), for staff: in Russian, with the
 * ways back into the back-office rather than the storefront's (issue 29, item 6). The shell stays around it.
 */
const NoScreen = () => {
  const path = useRouterState({ select: (s) => s.location.pathname });
  usePageTitle('Такого раздела нет');
  return (
    <div className="page error-page">
      <p className="error-page__status">404</p>
      <h1>Такого раздела нет</h1>
      <p>В мастерской нет адреса {path}: возможно, в нём опечатка или раздел переехал. Выберите раздел в меню или начните с рабочего стола.</p>
      <p className="error-page__actions">
        <Link to="/admin" className="button">
          На рабочий стол
        </Link>
        <Link to="/admin/orders" className="button button--ghost">
          Заказы
        </Link>
      </p>
    </div>
  );
};

/** An admin route's guard said no (see no-access.ts), or the address is no screen at all (staff: `NoScreen`). */
export const AdminNotFound = ({ data }: NotFoundRouteProps) => {
  const { user } = useSession();
  const denied = noAccessOf(data);
  if (denied) return <Denied screen={denied.denied} />;
  return canOpen(user, '/admin') ? <NoScreen /> : <NotFound />;
};

export const AdminError = ({ error }: ErrorComponentProps) => (
  <ErrorPage status={500} message="Что-то пошло не так" description="Обновите страницу — данные на устройстве сохранены." raw={error} />
);
