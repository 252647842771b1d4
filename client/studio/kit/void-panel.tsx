import { useEffect, useId, useState, type FormEvent } from 'react';
import { can } from '../../../schema/shared/access';
import type { AnyEntity } from '../../../schema/entities';
import { voidFact, voidIdOf } from '../../../schema/entities/void';
import type { OfficeRecord } from '../../../schema/shared/record';
import { staffName } from '../../../schema/shared/user';
import { voidedIds, voidTargetIssue, type VoidMark } from '../../../schema/shared/voids';
import { useLocal } from '../../data/local-data-context';
import { saveOfficeRecord } from '../../data/records';
import { useStaffNames } from '../../data/staff-directory';
import { useSession } from '../../shared/auth/session';

const when = (at: number) => new Date(at).toLocaleString('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Moscow' });

/** The void of one record on the device (pulled, or written here offline), live; null while there is none. */
const useVoidOf = (id: string): VoidMark | null | undefined => {
  const { data } = useLocal();
  const [mark, setMark] = useState<VoidMark | null | undefined>(undefined);
  useEffect(() => {
    const sub = data.shop.office.findOne(voidIdOf(id)).$.subscribe((d) => setMark(d ? (voidedIds([d.toMutableJSON()]).get(id) ?? null) : null));
    return () => sub.unsubscribe();
  }, [data, id]);
  return mark;
};

/**
 * Below a fact's screen (issue 27, item 6): «Сторнирован» with who, when and why once it is voided, or, for a manager,
 * «Сторнировать» with the reason. The void is written on the device, offline too, and the office replication carries
 * it (the server judges it as any pushed record: server/voids/rules.ts).
 */
export const VoidPanel = ({ entity, record }: { entity: AnyEntity; record: OfficeRecord }) => {
  const { data } = useLocal();
  const { user } = useSession();
  const names = useStaffNames();
  const mark = useVoidOf(record.id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const reasonId = useId();
  if (mark === undefined) return null;
  if (mark)
    return (
      <section className="void-mark" aria-label="Сторно">
        <p>
          <strong>Сторнирован</strong>: {staffName(mark.by, names)}, {when(mark.at)}. Причина: {mark.reason}
        </p>
      </section>
    );
  if (!user || !can(user, 'create', voidFact) || entity.tier !== 'office' || voidTargetIssue(entity, record)) return null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = voidFact.fields.safeParse({ target: record.id, targetType: entity.type, reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Укажите причину сторно');
    await saveOfficeRecord(data.shop.office, voidFact, user.phone, parsed.data, voidIdOf(record.id));
    setOpen(false);
  };
  return (
    <section className="void-panel" aria-label="Сторно">
      {!open ? (
        <button type="button" className="button button--ghost" onClick={() => setOpen(true)}>
          Сторнировать
        </button>
      ) : (
        <form onSubmit={(e) => void submit(e)}>
          <div className="field">
            <label htmlFor={reasonId}>Причина сторно</label>
            <textarea id={reasonId} value={reason} rows={2} maxLength={500} autoFocus aria-invalid={!!error} aria-describedby={error ? `${reasonId}-error` : undefined} onChange={(e) => setReason(e.target.value)} />
            {error && (
              <p className="field-error" id={`${reasonId}-error`}>
                {error}
              </p>
            )}
          </div>
          <p className="muted">Запись останется, но перестанет учитываться в остатках, долгах и аналитике.</p>
          <button type="submit" className="button">
            Сторнировать
          </button>{' '}
          <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
            Отмена
          </button>
        </form>
      )}
    </section>
  );
};
