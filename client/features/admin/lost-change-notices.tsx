import { useEffect } from 'react';
import { lostChanges$, type LostChange } from '../../data/sync/office-conflicts';
import { entities } from '../../../schema/entities';
import { maskedPhone } from '../../../schema/phone';
import { useNotice } from '../../ui/notices';
import { cellText, fieldsOf } from './fields';

/** «Вашу правку … заменила правка с другого устройства: Статус — Готово». */
export const lostChangeText = (lost: LostChange): string => {
  const entity = entities[lost.type];
  const what = `${entity.labels.one.toLowerCase()} «${lost.title}»`;
  const fields = fieldsOf(entity);
  const now = lost.fields
    .map((c) => {
      const f = fields.find((x) => x.name === c.field);
      return f ? `${f.label} — ${cellText(entity, f, c.now)}` : null;
    })
    .filter(Boolean)
    .join('; ');
  const by = lost.by ? ` (${maskedPhone(lost.by)})` : '';
  if (lost.deleted) return `Удаление не выполнено: ${what} тем временем изменили на другом устройстве${by}. Удалите снова, если запись не нужна.`;
  return `Вашу правку: ${what} заменила правка с другого устройства${by}. Теперь: ${now || 'как на сервере'}.`;
};

/** Tells the staff member whose offline change lost to another device's what replaced it. */
export const LostChangeNotices = () => {
  const notice = useNotice();
  useEffect(() => {
    const sub = lostChanges$.subscribe((lost) => notice(lostChangeText(lost), 'error'));
    return () => sub.unsubscribe();
  }, [notice]);
  return null;
};
