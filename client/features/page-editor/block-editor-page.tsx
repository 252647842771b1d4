import { useState } from 'react';
import { useSearch } from '@tanstack/react-router';
import { uploadImage } from '../items/items-api';
import type { PageBlock, PageValue } from '../../../schema/page';
import { EditorFrame, NoPageChosen, PageHeadFields } from './editor-frame';
import { usePageDraft } from './use-page-draft';

const blockNames: Record<PageBlock['kind'], string> = { heading: 'Заголовок', text: 'Текст', image: 'Картинка', products: 'Товары по тегу', cta: 'Кнопка' };

const fresh: Record<PageBlock['kind'], () => PageBlock> = {
  heading: () => ({ kind: 'heading', text: 'Заголовок' }),
  text: () => ({ kind: 'text', text: '' }),
  image: () => ({ kind: 'image', src: '', alt: '' }),
  products: () => ({ kind: 'products', tag: '', heading: '', limit: 12 }),
  cta: () => ({ kind: 'cta', text: '', label: 'Выбрать букет', href: '/items' }),
};

/** A picture for an image block: uploaded, checked and resized by the server as the catalogue's are (its address comes back). */
const ImageUpload = ({ id, onUploaded }: { id: string; onUploaded: (src: string) => void }) => {
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false });
  return (
    <label htmlFor={id}>
      <span>Картинка (JPEG, PNG или WebP)</span>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={state.busy}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          setState({ busy: true });
          uploadImage(file).then(
            (src) => {
              onUploaded(src);
              setState({ busy: false });
            },
            (err: unknown) => setState({ busy: false, error: (err as Error).message }),
          );
        }}
      />
      {state.busy && <span className="muted">Загружается…</span>}
      {state.error && (
        <span role="alert" className="page-editor__error">
          {state.error}
        </span>
      )}
    </label>
  );
};

/** One block's fields, by its kind. */
const BlockFields = ({ block, n, set }: { block: PageBlock; n: number; set: (b: PageBlock) => void }) => {
  const id = (f: string) => `block-${n}-${f}`;
  switch (block.kind) {
    case 'heading':
      return (
        <label htmlFor={id('text')}>
          <span>Текст заголовка</span>
          <input id={id('text')} value={block.text} onChange={(e) => set({ ...block, text: e.target.value })} />
        </label>
      );
    case 'text':
      return (
        <label htmlFor={id('text')}>
          <span>Текст (пустая строка — новый абзац)</span>
          <textarea id={id('text')} value={block.text} onChange={(e) => set({ ...block, text: e.target.value })} />
        </label>
      );
    case 'image':
      return (
        <>
          <ImageUpload id={id('file')} onUploaded={(src) => set({ ...block, src })} />
          {block.src && <p className="muted">Загружено: {block.src}</p>}
          <label htmlFor={id('alt')}>
            <span>Что на картинке (для незрячих и поисковиков)</span>
            <input id={id('alt')} value={block.alt} onChange={(e) => set({ ...block, alt: e.target.value })} />
          </label>
        </>
      );
    case 'products':
      return (
        <>
          <label htmlFor={id('tag')}>
            <span>Тег товаров (например love, birthday)</span>
            <input id={id('tag')} value={block.tag} onChange={(e) => set({ ...block, tag: e.target.value.trim() })} />
          </label>
          <label htmlFor={id('heading')}>
            <span>Заголовок над товарами</span>
            <input id={id('heading')} value={block.heading} onChange={(e) => set({ ...block, heading: e.target.value })} />
          </label>
        </>
      );
    case 'cta':
      return (
        <>
          <label htmlFor={id('text')}>
            <span>Текст рядом с кнопкой</span>
            <input id={id('text')} value={block.text} onChange={(e) => set({ ...block, text: e.target.value })} />
          </label>
          <label htmlFor={id('label')}>
            <span>Подпись кнопки</span>
            <input id={id('label')} value={block.label} onChange={(e) => set({ ...block, label: e.target.value })} />
          </label>
          <label htmlFor={id('href')}>
            <span>Куда ведёт (адрес в магазине)</span>
            <input id={id('href')} value={block.href} onChange={(e) => set({ ...block, href: e.target.value })} />
          </label>
        </>
      );
  }
};

/**
 * /admin/pages-editor?key=…: the block editor (DECISIONS «Page editors»). Blocks are added, moved with buttons
 * (keyboard-reachable) and removed; the preview beside them is the storefront's own rendering.
 */
export const BlockEditorPage = () => {
  const { key = '', isNew = false } = useSearch({ from: '/admin/pages-editor' });
  const draft = usePageDraft(key, isNew);
  const value = draft.value;
  if (!key) return <NoPageChosen title="Редактор страницы" />;
  if (!value) return <p className="muted record-screen">Загрузка…</p>;
  const set = (v: Partial<PageValue>) => draft.setValue({ ...value, ...v });
  const setBlock = (i: number, b: PageBlock) => set({ blocks: value.blocks.map((x, j) => (j === i ? b : x)) });
  const move = (i: number, by: -1 | 1) => {
    const blocks = [...value.blocks];
    const [b] = blocks.splice(i, 1);
    blocks.splice(i + by, 0, b!);
    set({ blocks });
  };
  return (
    <EditorFrame pageKey={key} draft={draft}>
      <h1>Редактор страницы</h1>
      <PageHeadFields value={value} set={set} />
      <ol className="page-editor__blocks">
        {value.blocks.map((b, i) => (
          <li key={i} className="page-editor__block" aria-label={`Блок ${i + 1}: ${blockNames[b.kind]}`}>
            <strong>{blockNames[b.kind]}</strong>
            <BlockFields block={b} n={i} set={(x) => setBlock(i, x)} />
            <div className="page-editor__block-tools">
              <button type="button" className="button button--ghost" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Поднять блок ${i + 1}`}>
                ↑
              </button>
              <button type="button" className="button button--ghost" disabled={i === value.blocks.length - 1} onClick={() => move(i, 1)} aria-label={`Опустить блок ${i + 1}`}>
                ↓
              </button>
              <button type="button" className="button button--ghost" onClick={() => set({ blocks: value.blocks.filter((_, j) => j !== i) })} aria-label={`Удалить блок ${i + 1}`}>
                Удалить
              </button>
            </div>
          </li>
        ))}
      </ol>
      <div className="page-editor__block-tools" aria-label="Добавить блок">
        {(Object.keys(blockNames) as PageBlock['kind'][]).map((kind) => (
          <button key={kind} type="button" className="button button--ghost" onClick={() => set({ blocks: [...value.blocks, fresh[kind]()] })}>
            + {blockNames[kind]}
          </button>
        ))}
      </div>
    </EditorFrame>
  );
};
