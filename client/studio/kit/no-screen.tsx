import { Link, useRouterState } from '@tanstack/react-router';
import { usePageTitle } from '../../ui/page-title';

/**
 * A back-office address that is no screen (a typo, an old bookmark: /admin/shifts), for staff: in Russian, with the
 * ways back into the back-office rather than the storefront's (issue 29, item 6). The shell stays around it.
 */
export const NoScreen = () => {
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
