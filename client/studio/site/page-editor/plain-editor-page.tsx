import { useSearch } from '@tanstack/react-router';
import type { PageValue } from '../../../../schema/shop/page';
import { EditorFrame, NoPageChosen, PageHeadFields, PageLoading } from './editor-frame';
import { usePageDraft } from './use-page-draft';

/**
 * /admin/pages-editor3?key=…: the plain editor (DECISIONS «Page editors»): the title, the description and sections of
 * heading and text, as every page written before blocks has them; quick to use on a phone. Blocks a page has stay
 * as they are.
 */
export const PlainEditorPage = () => {
  const { key = '', isNew = false } = useSearch({ from: '/admin/pages-editor3' });
  const draft = usePageDraft(key, isNew);
  const value = draft.value;
  if (!key) return <NoPageChosen title="Простой редактор" />;
  if (!value) return <PageLoading />;
  const set = (v: Partial<PageValue>) => draft.setValue({ ...value, ...v });
  return (
    <EditorFrame pageKey={key} draft={draft}>
      <h1>Простой редактор</h1>
      <PageHeadFields value={value} set={set} />
      {value.sections.map((s, i) => (
        <fieldset key={i} className="page-editor__block">
          <legend>Раздел {i + 1}</legend>
          <label>
            <span>Подзаголовок</span>
            <input value={s.heading} onChange={(e) => set({ sections: value.sections.map((x, j) => (j === i ? { ...x, heading: e.target.value } : x)) })} />
          </label>
          <label>
            <span>Текст</span>
            <textarea value={s.text} onChange={(e) => set({ sections: value.sections.map((x, j) => (j === i ? { ...x, text: e.target.value } : x)) })} />
          </label>
          <button type="button" className="button button--ghost" onClick={() => set({ sections: value.sections.filter((_, j) => j !== i) })}>
            Удалить раздел
          </button>
        </fieldset>
      ))}
      <button type="button" className="button button--ghost" onClick={() => set({ sections: [...value.sections, { heading: '', text: '' }] })}>
        + Раздел
      </button>
    </EditorFrame>
  );
};
