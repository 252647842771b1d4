import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';

/**
 * The end of a back-office record's form: the failure said under it, then its buttons — save (one «Сохранить»
 * unless the form has its own), the form's further actions, «Удалить» when the record may be deleted, links, and
 * back to the entity's list («Отмена» while the form can change something, «К списку» when it only shows).
 * Every button waits while an action works (`busy`).
 */
export const FormFooter = ({
  path,
  busy,
  failure,
  mayWrite,
  onDelete,
  save,
  actions,
  links,
}: {
  /** The entity's path: the list the form goes back to. */
  path: string;
  busy: boolean;
  failure: string;
  mayWrite: boolean;
  /** Given only when the record may be deleted. */
  onDelete?: () => void;
  /** The form's own save buttons, shown when it may write; one «Сохранить» (submit) otherwise. */
  save?: ReactNode;
  /** After the save buttons, before «Удалить». */
  actions?: ReactNode;
  /** After «Удалить», before the way back. */
  links?: ReactNode;
}) => (
  <>
    {failure && (
      <p className="field-error" role="alert">
        {failure}
      </p>
    )}
    <p className="form__buttons">
      {mayWrite &&
        (save ?? (
          <button type="submit" className="button" disabled={busy}>
            Сохранить
          </button>
        ))}
      {actions}
      {onDelete && (
        <button type="button" className="button button--ghost" disabled={busy} onClick={onDelete}>
          Удалить
        </button>
      )}
      {links}
      <Link to="/admin/$resource" params={{ resource: path }} className="button button--ghost">
        {mayWrite ? 'Отмена' : 'К списку'}
      </Link>
    </p>
  </>
);
