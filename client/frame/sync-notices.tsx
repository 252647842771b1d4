import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { rejections$ } from '../data/sync/rejections';
import { useNotice } from '../ui/notices';

/**
 * Tells the user when the server refused one of their changes (it has been undone on this device). A refused new
 * record whose content the device kept (data/sync/refused-changes.ts) can be opened again as a new record, filled.
 */
export const SyncNotices = () => {
  const notice = useNotice();
  const navigate = useNavigate();
  useEffect(() => {
    const sub = rejections$.subscribe((r) => {
      const { reopen } = r;
      if (!reopen) return notice(`Сервер отклонил изменение: ${r.reason}`, 'error');
      notice(`Сервер отклонил изменение: ${r.reason}. Всё, что вы ввели, сохранено на устройстве.`, 'error', {
        label: 'Открыть как новую запись',
        run: () => void navigate({ to: '/admin/$resource/$id', params: { resource: reopen, id: 'new' }, search: { from: r.id } }),
      });
    });
    return () => sub.unsubscribe();
  }, [notice, navigate]);
  return null;
};
