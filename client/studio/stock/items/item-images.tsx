import { useRef, useState, type DragEvent } from 'react';
import { cardImage } from '../../../../schema/shared/image-path';
import type { Product } from '../../../../schema/shop/product';
import { uploadImage } from './items-api';

type Images = Product['images'];

/** `images` with the one at `from` moved to `to`. */
const moved = (images: Images, from: number, to: number): Images => {
  if (to < 0 || to >= images.length || from === to) return images;
  const next = [...images];
  const [one] = next.splice(from, 1);
  next.splice(to, 0, one);
  return next;
};

/**
 * An item's pictures: uploads (the server checks and resizes them), in the order the storefront shows them, the first
 * on the card. Reordered by dragging or by the buttons beside each (keyboard and touch alike); removed one by one.
 */
export const ItemImages = ({ images, onChange, disabled }: { images: Images; onChange: (images: Images) => void; disabled: boolean }) => {
  const [uploading, setUploading] = useState(0);
  const [error, setError] = useState<string>();
  const dragged = useRef<number | null>(null);
  const latest = useRef(images);
  latest.current = images;

  const upload = async (files: FileList | null) => {
    if (!files?.length) return;
    setError(undefined);
    for (const file of Array.from(files)) {
      setUploading((n) => n + 1);
      try {
        const url = await uploadImage(file);
        if (!latest.current.some((i) => i.url === url)) onChange((latest.current = [...latest.current, { url }]));
      } catch (e) {
        setError(`${file.name}: ${e instanceof Error ? e.message : 'не удалось загрузить'}`);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };
  const drop = (to: number) => (e: DragEvent) => {
    e.preventDefault();
    if (dragged.current !== null) onChange(moved(images, dragged.current, to));
    dragged.current = null;
  };

  return (
    <fieldset className="field item-images">
      <legend>Фотографии</legend>
      <ol className="item-images__list">
        {images.map((image, i) => (
          <li
            key={image.url}
            className="item-images__one"
            draggable={!disabled}
            onDragStart={() => (dragged.current = i)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={drop(i)}
          >
            <img src={cardImage(image.url)} alt={`Фото ${i + 1}${i === 0 ? ', на карточке' : ''}`} width="96" height="96" />
            <div className="item-images__buttons">
              <button type="button" className="button button--ghost" disabled={disabled || i === 0} onClick={() => onChange(moved(images, i, i - 1))} aria-label={`Фото ${i + 1}: раньше`}>
                ←
              </button>
              <button type="button" className="button button--ghost" disabled={disabled || i === images.length - 1} onClick={() => onChange(moved(images, i, i + 1))} aria-label={`Фото ${i + 1}: позже`}>
                →
              </button>
              <button type="button" className="button button--ghost" disabled={disabled} onClick={() => onChange(images.filter((_, j) => j !== i))} aria-label={`Фото ${i + 1}: убрать`}>
                ✕
              </button>
            </div>
          </li>
        ))}
      </ol>
      {images.length === 0 && <p className="muted">Фотографий нет: на витрине будет пустая карточка.</p>}
      <label className="button item-images__add">
        {uploading ? 'Загрузка…' : 'Добавить фото'}
        <input type="file" accept="image/jpeg,image/png,image/webp" multiple disabled={disabled} onChange={(e) => void upload(e.target.files).then(() => (e.target.value = ''))} />
      </label>
      <p className="muted">JPEG, PNG или WebP до 10 МБ; первое фото — на карточке в каталоге. Порядок: перетащите или стрелками.</p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
};
