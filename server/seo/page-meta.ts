import { isShopImagePath } from '../../schema/shared/image-path';
import { unitPrice, type Product } from '../../schema/shop/product';
import { isSettingPage, type Page } from '../../schema/shop/page';
import { categoryLabelIn } from '../../schema/shop/catalog-setup';
import { readCatalogSetup } from '../storefront/catalog-setup';
import { formatPhone } from '../../schema/shared/phone';
import type { StudioProfile } from '../../schema/studio/team/studio-profile';
import type { Shop } from '../context';
import type { CatalogIndex } from '../db/catalog-index';
import { getSynced } from '../db/synced';
import { readStudioProfile } from '../studio/studio-profile';
import { catalogueName, categoryTitle, notFoundTitle, productTitle, shopTitle, titleOf } from '../../schema/shared/title';

/** What search engines and link previews read in the HTML of one address. */
interface PageMeta {
  title: string;
  description: string;
  image?: string;
  jsonLd?: object;
  /** Open Graph's type: a product's page, or the shop's (website). */
  ogType?: 'product' | 'website';
  /** A page search engines are not to index (`<meta name="robots" content="noindex">`, and no canonical link). */
  noindex?: boolean;
}

/** Pages engines are not to index although they answer 200: search results, a view of the catalogue by typed text. */
const unindexedPaths = ['/search'];

/** The shop's own picture in link previews: a raster (VK and Telegram show no SVG), drawn by /img. */
const shopImage = '/img/page/shop.png';

const shopMeta: PageMeta = {
  title: shopTitle,
  description: 'Авторские букеты, монобукеты, цветы в коробках и корзинах с доставкой по Москве от 2 часов. Мастерская на Покровке.',
  image: shopImage,
};

/**
 * A picture a link preview can show: a drawn picture (/img/{kind}/{seed}.svg) as its PNG, any other SVG as the shop's
 * picture, a photo as it is. Only the shop's own pictures (schema/shared/image-path.ts): the origin goes in front of it, so
 * anything else (a stored value from before the check) could point the preview at another host.
 */
const previewImage = (url: string | undefined): string => {
  if (!url || !isShopImagePath(url)) return shopImage;
  const drawn = /^(\/img\/[^/]+\/[^/]+)\.svg$/.exec(url);
  if (drawn) return `${drawn[1]}.png`;
  return /\.svg(\?|$)/i.test(url) ? shopImage : url;
};

const productMeta = (p: Product, origin: string): PageMeta => ({
  ogType: 'product',
  title: productTitle(p.name),
  description: p.description.slice(0, 300),
  image: previewImage(p.images[0]?.url),
  jsonLd: {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    sku: p.art,
    description: p.description,
    image: p.images.filter((i) => isShopImagePath(i.url)).map((i) => origin + i.url),
    offers: {
      '@type': 'Offer',
      price: unitPrice(p),
      priceCurrency: 'RUB',
      availability: p.count > 0 ? 'https://schema.org/InStock' : 'https://schema.org/PreOrder',
      url: `${origin}/items/${p.id}`,
    },
  },
});

/** The studio as a local business (schema.org Florist), on every page that is not a product's: its saved details. */
const studioJsonLd = (p: StudioProfile, origin: string): object => ({
  '@context': 'https://schema.org',
  '@type': 'Florist',
  name: p.name,
  url: `${origin}/`,
  image: origin + shopImage,
  telephone: formatPhone(p.phone),
  address: { '@type': 'PostalAddress', streetAddress: p.address, addressLocality: 'Москва', addressCountry: 'RU' },
  hasMap: p.map,
  openingHours: p.hours,
  sameAs: [p.vk, p.telegram, p.whatsapp],
  taxID: p.inn,
});

/** Finds the title, description, picture and structured data for a path; the shop's own when it knows nothing better. */
export const pageMeta = (shop: Shop, catalog: CatalogIndex) => async (path: string, origin: string): Promise<PageMeta> => {
  const studio = async (meta: PageMeta): Promise<PageMeta> => ({ ...meta, jsonLd: studioJsonLd((await readStudioProfile(shop)).profile, origin) });
  const item = /^\/items\/([^/]+)$/.exec(path)?.[1];
  const art = /^\/product\/([^/~]+)~/.exec(path)?.[1];
  const onSale = async () => (await catalog.all()).filter((p) => p.isActive && !p.isHidden);
  // The whole catalogue is told as a category is; its filter is a view of it (the canonical address is /items).
  if (path.replace(/\/+$/, '') === '/items') return studio({ ...shopMeta, title: titleOf(catalogueName) });
  if (unindexedPaths.includes(path.replace(/\/+$/, ''))) return studio({ ...shopMeta, noindex: true });
  if (item) {
    const category = categoryLabelIn((await readCatalogSetup(shop)).setup, item);
    if (category) return studio({ ...shopMeta, title: categoryTitle(category) });
    const product = (await onSale()).find((p) => p.id === item);
    if (product) return productMeta(product, origin);
  }
  if (art) {
    const product = (await onSale()).find((p) => p.art === decodeURIComponent(art));
    if (product) return productMeta(product, origin);
  }
  const slug = path.replace(/^\/+|\/+$/g, '');
  const page = slug && (await getSynced<Page>(shop.storage.db('pages'), slug));
  if (page && !isSettingPage(page.id)) return studio({ title: titleOf(page.value.title), description: page.value.description || shopMeta.description, image: previewImage(page.value.image) });
  return studio(shopMeta);
};
export type PageMetaOf = ReturnType<typeof pageMeta>;

/** What an address that is no page of the shop says in its HTML (the answer is 404). */
export const notFoundMeta: PageMeta = { ...shopMeta, title: notFoundTitle };

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Puts the page's own title, description, Open Graph tags and JSON-LD into the built index.html. */
export const withMeta = (html: string, meta: PageMeta, url: string, origin: string): string => {
  const image = meta.image ? (meta.image.startsWith('http') ? meta.image : origin + meta.image) : undefined;
  const tags = [
    `<meta property="og:type" content="${meta.ogType ?? 'website'}" />`,
    `<meta property="og:title" content="${escape(meta.title)}" />`,
    `<meta property="og:description" content="${escape(meta.description)}" />`,
    `<meta property="og:url" content="${escape(url)}" />`,
    `<meta property="og:locale" content="ru_RU" />`,
    `<meta property="og:site_name" content="Цветочная мастерская" />`,
    image ? `<meta property="og:image" content="${escape(image)}" />` : '',
    meta.noindex ? '<meta name="robots" content="noindex" />' : `<link rel="canonical" href="${escape(url)}" />`,
    meta.jsonLd ? `<script type="application/ld+json">${JSON.stringify(meta.jsonLd).replace(/</g, '\\u003c')}</script>` : '',
  ].join('\n    ');
  // Replacement functions, not strings: a string would read `$&`, `$'` or `$1` in a product name as a pattern.
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escape(meta.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escape(meta.description)}" />`)
    .replace('</head>', () => `    ${tags}\n  </head>`);
};
