import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import { checkedTarget } from '../../lib/navigation';
import { useSession } from './session';
import { SignInDialog } from './sign-in-dialog';
import { passes } from './route-guards';

/** /login is for guests only (spec §6). Signed in, the visitor goes where `redirect` says if it is this shop's, or home; the dialog closed, home. */
export const LoginPage = ({ redirect }: { redirect?: string }) => {
  const { user } = useSession();
  const { history } = useRouter();
  const target = checkedTarget(redirect ?? '/', location.origin);
  const guest = passes('guest', user);
  useEffect(() => {
    if (!guest) history.replace(target);
  }, [guest, history, target]);
  if (!guest) return null;
  return (
    <div className="page">
      <h1>Вход</h1>
      <p>Войдите по номеру телефона: мы пришлём код в СМС. После входа ваши заказы и их статусы будут в личном кабинете.</p>
      {/* Closed without signing in: home, since the target may be a screen that sends guests back here. */}
      <SignInDialog onClose={() => history.push('/')} onSignedIn={() => history.replace(target)} />
    </div>
  );
};
