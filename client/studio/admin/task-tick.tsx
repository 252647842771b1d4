import { task } from '../../../schema/entities/task';
import type { OfficeRecord } from '../../../schema/shared/record';
import { can } from '../../../schema/shared/access';
import { useSession } from '../../shared/auth/session';
import { useNotice } from '../../ui/notices';
import { useEntityWrites } from '../kit/use-entity';
import { officeInSyncAt$, waitsToBeSent } from '../../data/sync/in-sync-mark';
import { useObservable } from '../../lib/use-observable';

/**
 * The quick tick-off: a task done or back to do, written on the device (works offline); marked «ждёт отправки» while
 * this person's change has not reached the server.
 */
export const TaskTick = ({ record }: { record: OfficeRecord }) => {
  const { user } = useSession();
  const notice = useNotice();
  const { save } = useEntityWrites(task);
  const inSyncAt = useObservable(officeInSyncAt$, officeInSyncAt$.value);
  const parsed = task.fields.safeParse(record.data);
  if (!parsed.success) return null;
  const done = parsed.data.status === 'done';
  const waiting = !!user && waitsToBeSent(record, user.phone, inSyncAt);
  return (
    <>
      <input
        type="checkbox"
        className="task-tick"
        checked={done}
        disabled={!can(user, 'update', task, record)}
        aria-label={`Готово: ${record.title}`}
        onChange={() => save({ ...parsed.data, status: done ? 'todo' : 'done' }, record).catch((e: Error) => notice(e.message, 'error'))}
      />
      {waiting && (
        <span className="tag task-tick__waiting" title="Изменение ещё не дошло до сервера">
          ждёт отправки
        </span>
      )}
    </>
  );
};
