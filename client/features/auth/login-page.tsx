import { Navigate } from '@tanstack/react-router';
import { useSession } from './session';
import { SignInDialog } from './sign-in-dialog';
import { useNavigate } from '@tanstack/react-router';

/** /login is for guests only: a signed-in visitor goes home. */
export const LoginPage = () => {
  const { user } = useSession();
  const navigate = useNavigate();
  if (user) return <Navigate to="/" />;
  return (
    <div className="page">
      <h1>Вход</h1>
      <SignInDialog onClose={() => void navigate({ to: '/' })} />
    </div>
  );
};
