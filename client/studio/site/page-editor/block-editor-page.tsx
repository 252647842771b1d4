import { useState } from 'react';
import { useSearch } from '@tanstack/react-router';
import { uploadImage } from '../../stock/items/items-api';
import type { PageBlock, PageValue } from '../../../../schema/shop/page';
import { pageBlockNames } from '../../../../schema/shop/page-issue';
import { blockProducts } from '../../../../schema/shop/page-products';
import { useCatalogSetup } from '../../../data/storefront';
import { useProductsOnSale } from '../../../shop/catalog/use-products';
import { EditorFrame, NoPageChosen, PageHeadFields, PageLoading } from './editor-frame';
import { usePageDraft } from './use-page-draft';


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

/**
 * A products block's tag, offered from the shop's named tags, and how many products its grid holds now: a tag no
 * product on sale carries makes a block the page does not show, which the editor says rather than leaving it blank.
 */
const ProductsBlockFields = ({ block, id, set }: { block: Extract<PageBlock, { kind: 'products' }>; id: (f: string) => string; set: (b: PageBlock) => void }) => {
  const tags = useCatalogSetup().tags;
  const onSale = useProductsOnSale();
  const shown = block.tag && onSale ? blockProducts(block, onSale).length : undefined;
  return (
    <>
      <label htmlFor={id('tag')}>
        <span>Тег товаров (например love, birthday)</span>
        <input id={id('tag')} list={id('tags')} value={block.tag} aria-describedby={id('shown')} onChange={(e) => set({ ...block, tag: e.target.value.trim() })} />
        <datalist id={id('tags')}>
          {tags.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
        </datalist>
      </label>
      <p id={id('shown')} className={shown === 0 ? 'page-editor__error' : 'muted'} aria-live="polite">
        {shown === undefined ? '' : shown === 0 ? `Товаров с тегом «${block.tag}» в продаже нет: на странице этот блок не появится` : `Товаров в сетке: ${shown}`}
      </p>
      <label htmlFor={id('heading')}>
        <span>Заголовок над товарами</span>
        <input id={id('heading')} value={block.heading} onChange={(e) => set({ ...block, heading: e.target.value })} />
      </label>
    </>
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
      return <ProductsBlockFields block={block} id={id} set={set} />;
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
  if (!value) return <PageLoading />;
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
          <li key={i} className="page-editor__block" aria-label={`Блок ${i + 1}: ${pageBlockNames[b.kind]}`}>
            <strong>{pageBlockNames[b.kind]}</strong>
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
        {(Object.keys(pageBlockNames) as PageBlock['kind'][]).map((kind) => (
          <button key={kind} type="button" className="button button--ghost" onClick={() => set({ blocks: [...value.blocks, fresh[kind]()] })}>
            + {pageBlockNames[kind]}
          </button>
        ))}
      </div>
    </EditorFrame>
  );
};
