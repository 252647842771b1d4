import { useCallback, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { maskedPhone } from '../../../schema/shared/phone';
import { isStaff, type User } from '../../../schema/shared/user';
import { useOutsideClick } from '../../lib/use-outside-click';
import { useSession } from './session';

/** Spec §2: toggles on click, closes on an outside click; the phone shown without its first 7 characters. */
export const UserMenu = ({ user }: { user: User }) => {
  const { logout } = useSession();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useOutsideClick(box, open, close);
  return (
    <div className="user-menu" ref={box}>
      <button type="button" className="button button--ghost" aria-expanded={open} aria-haspopup="menu" onClick={() => setOpen((o) => !o)}>
        {maskedPhone(user.phone)}
      </button>
      {open && (
        <ul className="user-menu__list" role="menu">
          {isStaff(user) && (
            <li role="none">
              <Link role="menuitem" to="/admin" onClick={close}>Admin</Link>
            </li>
          )}
          <li role="none">
            <Link role="menuitem" to="/my" onClick={close}>Личный кабинет</Link>
          </li>
          <li role="none">
            <Link role="menuitem" to="/my/favourites" onClick={close}>Избранное</Link>
          </li>
          <li role="none">
            <button role="menuitem" type="button" onClick={() => void logout()}>Выйти</button>
          </li>
        </ul>
      )}
    </div>
  );
};
