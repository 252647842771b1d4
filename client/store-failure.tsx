import { useState } from 'react';
import { clearDeviceStore, rescueDeviceData } from './data/rescue';
import { formatPhone } from '../schema/shared/phone';
import { defaultStudioProfile, phoneHref } from '../schema/studio/team/studio-profile';
import { readSnapshot } from './data/snapshot-context';

/**
 * Shown instead of the shop when the device's store cannot be opened (a broken or foreign IndexedDB, a
 * store another build wrote): never a blank page. Clearing keeps the cart and the orders waiting to be
 * sent (they go to localStorage and come back on the next start); the rest is pulled from the server again.
 */
export const StoreFailure = ({ error }: { error: unknown }) => {
  const [clearing, setClearing] = useState(false);
  const studio = readSnapshot()?.studio ?? defaultStudioProfile;
  const clear = async () => {
    setClearing(true);
    try {
      await rescueDeviceData();
    } catch (e) {
      console.warn('Не удалось сохранить корзину перед очисткой', e);
    }
    await clearDeviceStore();
    location.reload();
  };
  return (
    <main className="page" role="alert">
      <h1>Не удалось открыть данные магазина на этом устройстве</h1>
      <p>Попробуйте обновить страницу. Если не поможет, очистите данные магазина на устройстве: корзина и неотправленные заказы сохранятся, каталог загрузится заново.</p>
      <p className="actions">
        <button type="button" className="button" onClick={() => location.reload()} disabled={clearing}>Обновить</button>{' '}
        <button type="button" className="button button--ghost" onClick={() => void clear()} disabled={clearing}>
          {clearing ? 'Очищаем…' : 'Очистить данные на устройстве и загрузить заново'}
        </button>
      </p>
      <p className="muted">
        Можно заказать и по телефону: <a href={phoneHref(studio.phone)}>{formatPhone(studio.phone)}</a>.
      </p>
      <details>
        <summary>Подробности для поддержки</summary>
        <pre>{(error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 600)}</pre>
      </details>
    </main>
  );
};
