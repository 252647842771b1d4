import { Router } from 'express';
import { isSettingPage, type Page } from '../../schema/shop/page';
import { barCategories } from '../../schema/shop/catalog-setup';
import { readCatalogSetup } from '../storefront/catalog-setup';
import type { Shop } from '../context';
import type { CatalogIndex } from '../db/catalog-index';
import { allSynced } from '../db/synced';
import { publicOriginOf } from './public-origin';

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** sitemap.xml (home, catalogue, categories, every item on sale, every info page) and robots.txt. */
export const searchEngineFiles = (shop: Shop, catalog: CatalogIndex): Router => {
  const files = Router();
  files.get('/robots.txt', (req, res) => {
    res.type('text/plain; charset=utf-8').send(
      ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', 'Disallow: /db/', 'Disallow: /my', 'Disallow: /orders/', `Sitemap: ${publicOriginOf(shop.config, req)}/sitemap.xml`, ''].join('\n'),
    );
  });
  files.get('/sitemap.xml', async (req, res, next) => {
    try {
      const origin = publicOriginOf(shop.config, req);
      const items = (await catalog.all()).filter((p) => p.isActive && !p.isHidden);
      const pages = await allSynced<Page>(shop.storage.db('pages'));
      const paths = ['/', '/items', ...barCategories((await readCatalogSetup(shop)).setup).map((c) => `/items/${c.id}`), ...items.map((p) => `/items/${p.id}`), ...pages.filter((p) => !isSettingPage(p.id)).map((p) => `/${p.id}`)];
      const urls = paths.map((p) => `  <url><loc>${xmlText(origin + p)}</loc></url>`).join('\n');
      res.type('application/xml').send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
    } catch (e) {
      next(e);
    }
  });
  return files;
};
