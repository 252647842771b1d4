import { useSession } from './session';
import { SignInDialog } from './sign-in-dialog';
import { Navigate, useNavigate } from '@tanstack/react-router';

/** /login is for guests only: a signed-in visitor goes home. */
export const LoginPage = () => {
  const { user } = useSession();
  const navigate = useNavigate();
  if (user) return <Navigate to="/" />;
  return (
    <div className="page">
      <h1>Вход</h1>
      <p>Войдите по номеру телефона: мы пришлём код в СМС. После входа ваши заказы и их статусы будут в личном кабинете.</p>
      <SignInDialog onClose={() => void navigate({ to: '/' })} />
    </div>
  );
};
