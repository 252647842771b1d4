import { useOnline } from '../lib/use-online';

/**
 * «нет сети» in the header's row while the device is offline: the shop still works from the device's data, and the
 * shopper knows why nothing new arrives and that an order waits to be sent. Part of the row, so it covers nothing
 * and moves nothing.
 */
export const OfflineMark = () => {
  const online = useOnline();
  if (online) return null;
  return (
    <span className="offline-mark" role="status" title="Магазин работает с данными на устройстве; заказы отправятся, когда связь вернётся">
      нет сети
    </span>
  );
};
