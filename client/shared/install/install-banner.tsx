import { useObservable } from '../../lib/use-observable';
import { applyUpdate, dismissInstall, install, installState$ } from './pwa';

/**
 * A small banner for a new version waiting, the app being ready offline, or the install prompt. `onlyUpdates` (the
 * back-office): only a new version is offered; the shop's install prompt would cover the studio's screens.
 */
export const InstallBanner = ({ onlyUpdates = false }: { onlyUpdates?: boolean }) => {
  // Drawn first as the server drew it (no banner): a worker that installed before React took a slow phone's page over
  // made the first draw differ, and React threw the server's page away and drew it again (taps and typing lost).
  const state = useObservable(installState$, 'idle');
  if (onlyUpdates && state !== 'update waiting') return null;
  if (state === 'update waiting')
    return (
      <div className="banner" role="status">
        Доступна новая версия. <button type="button" className="button" onClick={applyUpdate}>Обновить</button>
      </div>
    );
  if (state === 'prompt available')
    return (
      <div className="banner" role="status">
        Установите приложение магазина на телефон.{' '}
        <button type="button" className="button" onClick={() => void install()}>Установить приложение</button>{' '}
        <button type="button" className="link-button" onClick={dismissInstall}>Не сейчас</button>
      </div>
    );
  if (state === 'offline ready') return <div className="banner banner--quiet" role="status">Магазин готов к работе без сети.</div>;
  return null;
};
