import { useEffect, useRef } from 'react';
import { lostChanges$, type LostChange } from '../../data/sync/office-conflicts';
import { entities } from '../../../schema/entities';
import { isStaff, staffName } from '../../../schema/shared/user';
import { useStaffNames } from '../../data/staff-directory';
import { useLocalIfOpen } from '../../data/local-data-context';
import { refusalsOf$, type OrderCommandView } from '../../data/order-commands';
import { orderActionLabels } from '../../../schema/entities/order-command';
import { useSession } from '../../shared/auth/session';
import { useNotice } from '../../ui/notices';
import { cellText, fieldsOf } from '../kit/fields';

/** «Вашу правку … заменила правка с другого устройства: Статус — Готово». */
const lostChangeText = (lost: LostChange, names: ReadonlyMap<string, string> = new Map()): string => {
  const entity = entities[lost.type];
  const what = `${entity.labels.one.toLowerCase()} «${lost.title}»`;
  const fields = fieldsOf(entity);
  const now = lost.fields
    .map((c) => {
      const f = fields.find((x) => x.name === c.field);
      return f ? `${f.label} — ${cellText(entity, f, c.now, names)}` : null;
    })
    .filter(Boolean)
    .join('; ');
  const by = lost.by ? ` (${staffName(lost.by, names)})` : '';
  if (lost.deleted) return `Удаление не выполнено: ${what} тем временем изменили на другом устройстве${by}. Удалите снова, если запись не нужна.`;
  return `Вашу правку: ${what} заменила правка с другого устройства${by}. Теперь: ${now || 'как на сервере'}.`;
};

/** «Заказ №12: ваша команда «Статус» не принята — Отмена не применена: …» */
const refusalText = (command: Pick<OrderCommandView, 'action'> & { reason: string }, number: number | undefined): string =>
  `${number ? `Заказ №${number}` : 'Заказ'}: ваша команда «${orderActionLabels[command.action.kind]}» не принята — ${command.reason}`;

/**
 * Tells the staff member whose offline change lost to another device's what replaced it: an office record merged
 * away (tasks), or an order command the server refused because the order had changed meanwhile.
 */
export const LostChangeNotices = () => {
  const notice = useNotice();
  const { user } = useSession();
  // The shell also frames «Недостаточно прав» for a customer, who may not ask for the staff list.
  const names = useStaffNames(isStaff(user));
  // The latest directory, read when a notice comes: a new one must not subscribe again (a notice in between would be missed).
  const latest = useRef(names);
  useEffect(() => {
    latest.current = names;
  });
  useEffect(() => {
    const sub = lostChanges$.subscribe((lost) => notice(lostChangeText(lost, latest.current), 'error'));
    return () => sub.unsubscribe();
  }, [notice]);
  // Refusals arrive through the device's store: listened to once it is open, never a reason to open it sooner (a
  // drawn board opens it when the florist first touches the page, main.tsx).
  const data = useLocalIfOpen()?.data;
  const me = user?.phone ?? null;
  useEffect(() => {
    if (!data) return;
    const sub = refusalsOf$(data.shop.office, () => me).subscribe((c) => {
      void data.shop.orders
        .findOne(c.order)
        .exec()
        .then((o) => notice(refusalText(c, o?.number), 'error'));
    });
    return () => sub.unsubscribe();
  }, [data, me, notice]);
  return null;
};
