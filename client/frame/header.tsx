import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { formatPhone } from '../../schema/shared/phone';
import { phoneHref } from '../../schema/studio/team/studio-profile';
import { isStaff } from '../../schema/shared/user';
import { useStudioProfile } from '../data/studio-profile';
import { useSession } from '../shared/auth/session';
import { SignInOnDemand } from '../shared/auth/sign-in-on-demand';
import { UserMenu } from '../shared/auth/user-menu';
import { CartWidget } from '../shop/cart/cart-widget';
import { CloseShiftButton } from '../studio/money/shift/close-shift-button';
import { SearchPanel } from '../shop/search/search-panel';
import { OfflineMark } from './offline-mark';
import { SiteMenu } from './site-menu';

export const Header = () => {
  const { user } = useSession();
  const studio = useStudioProfile();
  const [signingIn, setSigningIn] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const staff = isStaff(user);
  return (
    <header className="header">
      <div className="header__row">
        <Link to="/" className="logo" aria-label={`${studio.name} — на главную`}>
          <img src="/icon.svg" alt="" width="32" height="32" />
          <span>{studio.name}</span>
        </Link>
        <OfflineMark />
        <SearchPanel className="search search--desktop" />
        {!staff && (
          <nav className="contacts" aria-label="Связаться с нами">
            <a href={phoneHref(studio.phone)}>{formatPhone(studio.phone)}</a>
            <a href={studio.vk} target="_blank" rel="noreferrer">VK</a>
            <a href={studio.telegram} target="_blank" rel="noreferrer">Telegram</a>
            <a href={studio.whatsapp} target="_blank" rel="noreferrer">WhatsApp</a>
          </nav>
        )}
        <button type="button" className="icon-button search-toggle" aria-label="Поиск" aria-expanded={searchOpen} onClick={() => setSearchOpen((o) => !o)}>
          ⌕
        </button>
        {staff && user?.phone && <CloseShiftButton />}
        {!staff && (
          <Link to="/my/favourites" className="icon-button favourites-link" aria-label="Избранное" title="Избранное">
            ♡
          </Link>
        )}
        <CartWidget />
        {user ? (
          <UserMenu user={user} />
        ) : (
          <button type="button" className="button button--ghost" onClick={() => setSigningIn(true)}>
            Войти
          </button>
        )}
      </div>
      <SiteMenu />
      {searchOpen && <SearchPanel className="search search--mobile" />}
      {signingIn && <SignInOnDemand onClose={() => setSigningIn(false)} />}
    </header>
  );
};
