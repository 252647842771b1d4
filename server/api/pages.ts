import { Router } from 'express';
import { isSettingPage, page, pageDraft, type Page, type PageDraft } from '../../schema/shop/page';
import { pageAddressIssue } from '../../schema/shop/page-address';
import type { Shop } from '../context';
import { getDoc, upsert } from '../db/docs';
import { allSynced, getSynced, putSynced } from '../db/synced';
import { HttpError, notFound } from '../http/errors';
import { route } from '../http/route';

/** The page editors' drafts: server-only, so a page not published yet reaches no guest and no device. */
const draftsDb = 'page-drafts';

/** Info and CMS pages. Only admins write them (spec §6); everyone reads them, online or replicated. */
export const pagesApi = (shop: Shop): Router => {
  const api = Router();
  const pages = shop.storage.db('pages');
  const drafts = () => shop.storage.db(draftsDb);

  route(api, 'POST /api/pages/get', async ({ body }) => {
    const slug = body.slug.replace(/^\/+|\/+$/g, '');
    const found = isSettingPage(slug) ? null : await getSynced<Page>(pages, slug);
    if (!found) throw notFound('Страница не найдена');
    return { data: found };
  });

  route(api, 'POST /api/pages/list', async () => {
    return { data: (await allSynced<Page>(pages)).filter((p) => !isSettingPage(p.id)) };
  });

  /** Publishes: the page goes into the public store (bots get it as HTML at once, devices by the pages sync); its draft is done with. */
  route(api, 'POST /api/pages/update', async ({ body }) => {
    const input = body;
    const id = 'id' in input && input.id ? input.id : input.key;
    const issue = pageAddressIssue(id);
    if (issue) throw new HttpError(400, issue, [{ path: 'key', message: issue }]);
    const saved = page.parse({ ...input, id, key: id, updatedAt: Date.now() });
    await putSynced(pages, saved);
    await upsert<PageDraft | { _deleted: true }>(drafts(), id, (current) => (current ? { _deleted: true } : null));
    return { data: saved };
  });

  route(api, 'POST /api/pages/draft', async ({ body, res }) => {
    const { key, value, isNew } = body;
    const issue = pageAddressIssue(key);
    if (issue) throw new HttpError(400, issue, [{ path: 'key', message: issue }]);
    if (isNew && ((await getSynced<Page>(pages, key)) || (await getDoc(drafts(), key)))) {
      throw new HttpError(409, `Страница /${key} уже есть: откройте её или выберите другой адрес`, [{ path: 'key', message: 'Адрес занят другой страницей' }]);
    }
    const draft: PageDraft = { key, value, savedBy: res.locals.user!.phone, savedAt: Date.now() };
    await upsert<PageDraft>(drafts(), key, () => draft);
    return { data: draft };
  });

  route(api, 'POST /api/pages/drafts', async () => {
    const { rows } = await drafts().allDocs({ include_docs: true });
    const items = rows.flatMap((r) => {
      if (!('doc' in r) || !r.doc || r.id.startsWith('_')) return [];
      const { _id, _rev, ...body } = r.doc;
      const parsed = pageDraft.safeParse(body);
      return parsed.success ? [parsed.data] : [];
    });
    return { data: { items } };
  });

  return api;
};
