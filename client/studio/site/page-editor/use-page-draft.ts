import { useEffect, useState } from 'react';
import { pageValue, type PageValue } from '../../../../schema/shop/page';
import { pageIssue } from '../../../../schema/shop/page-issue';
import { levelOf, reaches } from '../../../../schema/shared/user';
import { call } from '../../../lib/api';
import { useOnline } from '../../../lib/use-online';
import { usePage } from '../../../data/pages';
import { useSession } from '../../../shared/auth/session';

const emptyPage: PageValue = { title: '', description: '', sections: [], blocks: [] };

/**
 * The page an editor works on: its draft if one is saved, else the published page, else a new one; and saving a
 * draft or publishing it. Only an admin saves (spec §6: «otherwise the call is skipped»): for anyone else `canSave`
 * is false and the calls are not made; the server refuses them too.
 */
export const usePageDraft = (key: string, isNew: boolean) => {
  const { user } = useSession();
  const canSave = reaches(levelOf(user), 'admin');
  const { page: published, pulled } = usePage(key);
  const online = useOnline();
  const [value, setValue] = useState<PageValue | null>(null);
  const [state, setState] = useState<{ busy: boolean; error?: string; done?: string; fresh: boolean }>({ busy: false, fresh: isNew });
  // Whether the device has answered if it holds the page: a page it has not pulled yet is not an empty one, so the
  // editor says it is loading (value null) rather than show an empty form. A new page has nothing to wait for, and
  // offline nothing may come: then it starts empty and takes the page if the sync brings it.
  const known = published !== undefined && (published !== null || !!pulled || isNew || !online);

  useEffect(() => {
    // A page the device had not yet pulled when the editor opened starts empty; once the pages sync brings it, it
    // replaces that start unless something was typed (an edit is a new object, never `emptyPage` itself).
    if (!known || (value && !(value === emptyPage && published))) return;
    if (!canSave) return setValue(published?.value ?? emptyPage);
    let current = true;
    call('POST /api/pages/drafts', {}).then(
      ({ data }) => current && setValue(data.items.find((d) => d.key === key)?.value ?? published?.value ?? emptyPage),
      () => current && setValue(published?.value ?? emptyPage),
    );
    return () => {
      current = false;
    };
  }, [key, published, known, value, canSave]);

  const check = (v: PageValue): PageValue | null => {
    const parsed = pageValue.safeParse(v);
    if (parsed.success) return parsed.data;
    setState((s) => ({ ...s, busy: false, done: undefined, error: pageIssue(parsed.error, v.blocks) }));
    return null;
  };

  const save = async (what: 'draft' | 'publish') => {
    if (!canSave || !value) return;
    const v = check(value);
    if (!v) return;
    setState((s) => ({ ...s, busy: true, error: undefined, done: undefined }));
    try {
      if (what === 'draft') await call('POST /api/pages/draft', { key, value: v, isNew: state.fresh });
      else {
        if (state.fresh) await call('POST /api/pages/draft', { key, value: v, isNew: true });
        await call('POST /api/pages/update', { key, value: v });
      }
      setState({ busy: false, fresh: false, done: what === 'draft' ? 'Черновик сохранён: покупатели его не видят' : `Опубликовано: /${key}` });
    } catch (e) {
      setState((s) => ({ ...s, busy: false, error: (e as Error).message }));
    }
  };

  return { value, setValue, canSave, state, published: published ?? null, saveDraft: () => save('draft'), publish: () => save('publish') };
};
