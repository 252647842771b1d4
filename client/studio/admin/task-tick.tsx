import { useState } from 'react';
import { filter, firstValueFrom, map, race, timer } from 'rxjs';
import type { RxCollection } from 'rxdb';
import { task } from '../../../schema/entities/task';
import type { OfficeRecord } from '../../../schema/shared/record';
import { can } from '../../../schema/shared/access';
import { useSession } from '../../shared/auth/session';
import { useNotice } from '../../ui/notices';
import { openedLocal, useLocalIfOpen } from '../../data/local-data-context';
import { saveOfficeRecord } from '../../data/records';
import { officeInSyncAt$, waitsToBeSent } from '../../data/sync/in-sync-mark';
import { useObservable } from '../../lib/use-observable';
import { useHydrated } from '../../lib/use-hydrated';

/** How long a tick waits for the device to hold a task it showed from the page (a first open's pull) before it gives up. */
const heldWaitMs = 60_000;

/**
 * The device's copy of a task, once it holds it: a task the dashboard showed from its page (issue 32, item 1) may
 * be ticked before the device's first pull has brought it, and is changed on the device as every tick is.
 */
const deviceCopy = (office: RxCollection<OfficeRecord>, id: string): Promise<OfficeRecord | null> =>
  firstValueFrom(
    race(
      office.findOne(id).$.pipe(
        filter((doc) => !!doc),
        map((doc) => doc.toMutableJSON()),
      ),
      timer(heldWaitMs).pipe(map(() => null)),
    ),
  );

/**
 * The quick tick-off: a task done or back to do, written on the device (works offline); marked «ждёт отправки» while
 * this person's change has not reached the server. Shown before the device's store has opened too (the dashboard the
 * server drew): the box is disabled until the tab has taken the page over, and a tick then waits for the store
 * (`openedLocal`, which opens it) and the task on the device.
 */
export const TaskTick = ({ record }: { record: OfficeRecord }) => {
  const { user } = useSession();
  const notice = useNotice();
  const local = useLocalIfOpen();
  const hydrated = useHydrated();
  const inSyncAt = useObservable(officeInSyncAt$, officeInSyncAt$.value);
  // The state just chosen, shown until the record shown says so (the device's copy, once the screen reads it), or
  // the tick failed.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const parsed = task.fields.safeParse(record.data);
  const shown = parsed.data?.status === 'done';
  if (chosen !== null && chosen === shown) setChosen(null);
  if (!parsed.success) return null;
  const done = chosen ?? shown;
  // What the device knows of sending is the browser's: drawn after hydration (the server draws no mark).
  const waiting = hydrated && !!local && !!user && waitsToBeSent(record, user.phone, inSyncAt);
  const tick = async (next: boolean) => {
    if (!user) throw new Error('Войдите, чтобы сохранить');
    const office = (local ?? (await openedLocal())).data.shop.office;
    const held = await deviceCopy(office, record.id);
    const data = held && task.fields.safeParse(held.data).data;
    if (!data) throw new Error('Задача ещё не загрузилась на устройство: попробуйте ещё раз');
    await saveOfficeRecord(office, task, user.phone, { ...data, status: next ? 'done' : 'todo' }, record.id);
  };
  return (
    <>
      <input
        type="checkbox"
        className="task-tick"
        checked={done}
        disabled={!hydrated || !can(user, 'update', task, record)}
        aria-label={`Готово: ${record.title}`}
        onChange={() => {
          setChosen(!done);
          tick(!done).catch((e: Error) => {
            setChosen(null);
            notice(e.message, 'error');
          });
        }}
      />
      {waiting && (
        <span className="tag task-tick__waiting" title="Изменение ещё не дошло до сервера">
          ждёт отправки
        </span>
      )}
    </>
  );
};
