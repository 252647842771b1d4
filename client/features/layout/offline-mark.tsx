import { useSyncExternalStore } from 'react';

const subscribe = (changed: () => void) => {
  addEventListener('online', changed);
  addEventListener('offline', changed);
  return () => {
    removeEventListener('online', changed);
    removeEventListener('offline', changed);
  };
};

/**
 * «нет сети» in the header's row while the device is offline: the shop still works from the device's data, and the
 * shopper knows why nothing new arrives and that an order waits to be sent. Part of the row, so it covers nothing
 * and moves nothing.
 */
export const OfflineMark = () => {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
  if (online) return null;
  return (
    <span className="offline-mark" role="status" title="Магазин работает с данными на устройстве; заказы отправятся, когда связь вернётся">
      нет сети
    </span>
  );
};
