import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { User } from '../../../schema/shared/user';
import { formatPhone } from '../../../schema/shared/phone';
import { call, ApiError } from '../../lib/api';
import { useNotice } from '../../ui/notices';
import { useSession } from '../../shared/auth/session';
import { MyOrders } from './my-orders';
import { SmsNotices } from './sms-notices';
import { SignInOnDemand } from '../../shared/auth/sign-in-on-demand';

/** A guest opens the sign-in dialog right here; their cart stays as it is. */
const SignedOut = () => {
  const [signingIn, setSigningIn] = useState(false);
  return (
    <div className="page">
      <h1>Личный кабинет</h1>
      <p>Войдите по номеру телефона, чтобы увидеть свои заказы и их статусы.</p>
      <button type="button" className="button" onClick={() => setSigningIn(true)}>Войти по номеру телефона</button>
      {signingIn && <SignInOnDemand onClose={() => setSigningIn(false)} />}
    </div>
  );
};

/** The name the florist will address the customer by, as the server has it when the form opens. */
const Profile = ({ user }: { user: User }) => {
  const { signedIn } = useSession();
  const notice = useNotice();
  const [name, setName] = useState(user.name ?? '');
  const [error, setError] = useState('');
  const save = async () => {
    try {
      signedIn((await call('POST /api/user-update', { name })).user!);
      setError('');
      notice('Сохранено');
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };
  return (
    <section aria-labelledby="profile">
      <h2 id="profile">Профиль</h2>
      <p>Телефон: {formatPhone(user.phone)}</p>
      <form className="form" onSubmit={(e) => (e.preventDefault(), void save())}>
        <label className="field">
          <span>Как к вам обращаться</span>
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} autoComplete="name" />
        </label>
        <p className="field-error" role="alert">{error}</p>
        <button className="button">Сохранить</button>
      </form>
    </section>
  );
};

/** /my: the customer's account: their orders (live) and the name the florist will address them by. */
export const MyPage = () => {
  const { user } = useSession();
  if (!user) return <SignedOut />;
  return (
    <div className="page">
      <h1>Личный кабинет</h1>
      <p>
        <Link to="/my/favourites">Избранное</Link>
      </p>
      <MyOrders phone={user.phone} />
      {/* A form per person: one who signs in here starts from their own stored name. */}
      <Profile key={user.phone} user={user} />
      <SmsNotices key={`sms-${user.phone}`} />
    </div>
  );
};
