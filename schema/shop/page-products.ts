import type { PageBlock, PageValue } from './page';
import type { Product } from './product';
import { byRank } from './product-filter';

type ProductsBlock = Extract<PageBlock, { kind: 'products' }>;

/**
 * The products a page's «Товары по тегу» block shows, from the products on sale: those with its tag, bestsellers
 * first, up to its limit. One rule for the storefront, the editors' preview and the server's HTML, so a bot reads
 * the grid a shopper sees.
 */
export const blockProducts = (block: ProductsBlock, onSale: readonly Product[]): Product[] =>
  onSale
    .filter((p) => p.tags.includes(block.tag))
    .sort(byRank)
    .slice(0, block.limit);

/** Every product a page's blocks show, once: what the server's snapshot of the page must carry. */
export const pageProducts = (value: PageValue, onSale: readonly Product[]): Product[] => [
  ...new Set(value.blocks.flatMap((b) => (b.kind === 'products' ? blockProducts(b, onSale) : []))),
];
