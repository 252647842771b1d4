import { homeCopyId, isSettingPage } from '../../schema/shop/page';
import { defaultHomeCopy, type HomeCopy } from '../../schema/shop/home-copy';
import type { Shop } from '../context';
import { getDoc } from '../db/docs';
import { HttpError } from '../http/errors';
import { pageSetting } from './setting';

const setting = pageSetting({
  id: homeCopyId,
  field: 'homeCopy',
  title: 'Витрина',
  defaults: defaultHomeCopy,
  stale: 'Витрину изменили, пока вы её правили: обновите страницу и внесите изменения снова',
});

export const readHomeCopy = async (shop: Shop): Promise<{ copy: HomeCopy; updatedAt: number }> => {
  const { value, updatedAt } = await setting.read(shop);
  return { copy: value, updatedAt };
};

/** Saves what the home page shows; a collection must be a page the shop has, or its card would lead nowhere. */
export const saveHomeCopy = async (shop: Shop, copy: HomeCopy, readAt: number) => {
  const pages = shop.storage.db('pages');
  for (const c of copy.collections)
    if (isSettingPage(c.slug) || !(await getDoc(pages, c.slug))) throw new HttpError(400, `Коллекция «${c.title}»: страницы /${c.slug} нет — сначала создайте её в разделе «Страницы»`);
  const { value, updatedAt } = await setting.save(shop, copy, readAt);
  return { copy: value, updatedAt };
};
