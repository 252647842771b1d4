import { useEffect } from 'react';
import { rejections$ } from '../../data/sync/rejections';
import { useNotice } from '../../ui/notices';

/** Tells the user when the server refused one of their changes (it has been undone on this device). */
export const SyncNotices = () => {
  const notice = useNotice();
  useEffect(() => {
    const sub = rejections$.subscribe((r) => notice(`Сервер отклонил изменение: ${r.reason}`, 'error'));
    return () => sub.unsubscribe();
  }, [notice]);
  return null;
};
