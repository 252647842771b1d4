import { Link } from '@tanstack/react-router';
import { canOpen } from '../../../schema/shared/access';
import { useSession } from '../../shared/auth/session';
import type { PaperKind } from './papers';

/**
 * A link from a record's screen to its paper at /admin/documents («Товарный чек» on an order), for those who may open
 * that screen (admins); nobody else sees it. The paper's choice is the documents screen's address (`f.kind`, `f.id`).
 */
export const DocumentLink = ({ kind, id, children }: { kind: PaperKind; id: string; children: string }) => {
  const { user } = useSession();
  if (!canOpen(user, '/admin/documents')) return null;
  return (
    <Link to="/admin/$resource" params={{ resource: 'documents' }} search={{ f: { kind, id } }} className="button button--ghost">
      {children}
    </Link>
  );
};
