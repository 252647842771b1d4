import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { PageValue } from '../../../../schema/shop/page';
import { PageBody } from '../../../shop/content/page-body';
import type { usePageDraft } from './use-page-draft';
import './page-editor.css';

/** An editor opened without a page: what it is and where pages are chosen. */
export const NoPageChosen = ({ title }: { title: string }) => (
  <section className="record-screen">
    <h1>{title}</h1>
    <p>
      Выберите страницу в разделе <Link to="/admin/pages">«Страницы»</Link> или создайте новую там же.
    </p>
  </section>
);

/** Until the device has answered whether it holds the page (usePageDraft): not an empty page, but one on its way. */
export const PageLoading = () => (
  <p className="muted record-screen" role="status">
    Загружаем страницу…
  </p>
);

/** The page's title and its description for search engines: the first fields of both editors. */
export const PageHeadFields = ({ value, set }: { value: PageValue; set: (v: Partial<PageValue>) => void }) => (
  <>
    <label>
      <span>Заголовок страницы</span>
      <input value={value.title} onChange={(e) => set({ title: e.target.value })} />
    </label>
    <label>
      <span>Описание для поисковиков</span>
      <textarea value={value.description} onChange={(e) => set({ description: e.target.value })} />
    </label>
  </>
);

/** What both editors share: the address, the save and publish buttons, the messages and the live preview. */
export const EditorFrame = ({ pageKey, draft, children }: { pageKey: string; draft: ReturnType<typeof usePageDraft>; children: ReactNode }) => (
  <section className="record-screen page-editor">
    <p>
      <Link to="/admin/pages">Все страницы</Link> · адрес на сайте: <a href={`/${pageKey}`}>/{pageKey}</a>
    </p>
    {!draft.canSave && (
      <p role="note" className="page-editor__note">
        Сохранять и публиковать страницы может только администратор: изменения здесь видны лишь в предпросмотре.
      </p>
    )}
    <div className="page-editor__layout">
      <div className="page-editor__fields">{children}</div>
      <div className="page-editor__preview" aria-label="Предпросмотр">
        <p className="muted">Предпросмотр — так страницу увидят покупатели</p>
        {draft.value && <PageBody value={draft.value as PageValue} />}
      </div>
    </div>
    <div className="page-editor__actions">
      <button type="button" className="button button--ghost" disabled={!draft.canSave || draft.state.busy} onClick={() => void draft.saveDraft()}>
        Сохранить черновик
      </button>
      <button type="button" className="button" disabled={!draft.canSave || draft.state.busy} onClick={() => void draft.publish()}>
        Опубликовать
      </button>
    </div>
    {draft.state.error && (
      <p role="alert" className="page-editor__error">
        {draft.state.error}
      </p>
    )}
    {draft.state.done && <p role="status">{draft.state.done}</p>}
  </section>
);
