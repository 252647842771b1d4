import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '../../../lib/use-hydrated';
import type { OrderAction } from '../../../../schema/studio/orders/order-command';
import { resizePhoto } from './photo-resize';

/** A data: URL as a Blob: the page's CSP loads no data: images, but a bitmap drawn on a canvas needs no URL. */
const blobOf = (url: string): Blob => {
  const [head, b64] = url.split(',', 2);
  const bytes = Uint8Array.from(atob(b64 ?? ''), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: /data:([^;]+)/.exec(head ?? '')?.[1] ?? 'image/jpeg' });
};

/** The photo taken on this device and not yet on the server, drawn from its bytes. */
const LocalPreview = ({ url }: { url: string }) => {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let live = true;
    void createImageBitmap(blobOf(url)).then((b) => {
      const c = canvas.current;
      if (!live || !c) return b.close();
      const scale = Math.min(1, 480 / Math.max(b.width, b.height));
      c.width = Math.round(b.width * scale);
      c.height = Math.round(b.height * scale);
      c.getContext('2d')?.drawImage(b, 0, 0, c.width, c.height);
      b.close();
    }, () => {});
    return () => {
      live = false;
    };
  }, [url]);
  return <canvas ref={canvas} className="order-page__photo" role="img" aria-label="Фото букета (ещё не отправлено)" />;
};

/** The finished bouquet: taken with the phone's camera or chosen from files, made small here, sent as a command. */
export const OrderPhoto = ({ photo, send }: { photo: string | undefined; send: (a: OrderAction) => Promise<void> }) => {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // Not before the tab has taken the drawn page over (`useHydrated`): a photo picked then would have no handler.
  const editable = useHydrated();
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError('');
    try {
      await send({ kind: 'photo', image: await resizePhoto(file) });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="order-page__section" aria-labelledby="order-photo">
      <h2 id="order-photo">Фото букета</h2>
      {photo?.startsWith('data:') ? <LocalPreview url={photo} /> : photo ? <img className="order-page__photo" src={photo} alt="Фото готового букета" /> : <p className="muted">Фото ещё нет.</p>}
      <label className="button button--ghost order-page__photo-input">
        {busy ? 'Уменьшаем снимок…' : photo ? 'Переснять' : 'Сфотографировать букет'}
        <input type="file" accept="image/*" capture="environment" disabled={busy || !editable} onChange={(e) => void onFile(e.target.files?.[0]).then(() => (e.target.value = ''))} />
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
};
