import MiniSearch, { type SearchOptions } from 'minisearch';
import { stemmer } from '@orama/stemmers/russian';
import { categories } from './category';
import type { Product } from './product';
import { searchQueryProblem } from './search-query';

/**
 * The catalogue search, the same on the server (/api/items/list, /api/refs/search-item) and on the device (the
 * header's suggestions and /search, online or not): MiniSearch over Snowball-stemmed Russian words, so «тюльпаны»
 * finds «Монобукет из 25 тюльпанов», a one-letter typo still finds, and an article code finds its product.
 * Build it once and keep it with `put` and `remove` as the catalogue changes; a search costs a fraction of a millisecond.
 */

/** Words that say nothing about a bouquet; «в» also stands for a Cyrillic «В-1012» typed for B-1012. */
const stopWords = new Set(['а', 'в', 'во', 'и', 'или', 'к', 'ко', 'на', 'не', 'о', 'об', 'от', 'до', 'по', 'с', 'со', 'у', 'из', 'за', 'для', 'без']);

const words = (text: string): string[] => text.match(/[\p{L}\p{N}]+/gu) ?? [];

/** Stemming is the costly part of indexing, and a catalogue repeats its words: each is stemmed once. */
const stems = new Map<string, string>();
const stem = (w: string): string => {
  let s = stems.get(w);
  if (s === undefined) {
    if (stems.size > 50_000) stems.clear();
    stems.set(w, (s = stemmer(w)));
  }
  return s;
};

const term = (word: string): string | null => {
  const w = word.toLowerCase().replace(/ё/g, 'е');
  if (stopWords.has(w)) return null;
  return /[а-я]/.test(w) ? stem(w) : w;
};

/** Article codes are Latin; a shopper on a Russian keyboard types the look-alike Cyrillic letters. */
const lookAlikes: Record<string, string> = { А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', У: 'Y', Х: 'X' };
const artKey = (s: string): string =>
  s
    .toUpperCase()
    .replace(/[АВЕКМНОРСТУХ]/g, (c) => lookAlikes[c] ?? c)
    .replace(/[^A-Z0-9]/g, '');

/** «nekmgfys» is «тюльпаны» typed with the keyboard left on the Latin layout. */
const latin = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const cyrillic = 'йцукенгшщзхъфывапролджэячсмитьбюё';
const fromLatinLayout = (q: string): string => q.toLowerCase().replace(/[a-z[\];',.`]/g, (c) => cyrillic[latin.indexOf(c)] ?? c);

const categoryLabels = new Map<string, string>(categories.map((c) => [c.id, c.label]));

/** A word typed on the wrong layout: Latin letters only (and the keys of Russian letters), no digits. */
const maybeWrongLayout = (q: string): boolean => /^[a-z[\];',.`\s]+$/i.test(q) && (q.match(/[a-z]/gi)?.length ?? 0) >= 3;

/**
 * Exact and prefix matches first («роз» as typed so far finds «розы»); typos only when nothing else matched.
 * Numbers (article codes, «25 роз») are never read as typos.
 */
const typo = (minLength: number) => (t: string) => t.length >= minLength && !/\d/.test(t) && 1;
const firstTry: SearchOptions = { prefix: true, fuzzy: typo(5) };
const typoTry: SearchOptions = { prefix: true, fuzzy: typo(3) };

export interface CatalogSearch {
  /** Products matching the query, best first; none for a query that cannot be searched (empty, no words, too long). */
  find(query: string): Product[];
  /** Puts a new or changed product in (a change of stock only touches nothing but its entry). */
  put(p: Product): void;
  /** Takes a product out. */
  remove(id: string): void;
}

/** The fields the index reads: a change to any other (stock, price, pictures) leaves the index as it is. */
const indexed = (a: Product, b: Product): boolean => a.name === b.name && a.art === b.art && a.composition === b.composition && a.category === b.category;

/**
 * Scores are compared to six decimals, so the order never depends on the order products were added (a rebuilt index
 * and one kept up to date change by change sum in another order); equal scores keep the catalogue's rank order.
 */
const score = (s: number) => Math.round(s * 1e6);
/** The order of `byRank` (schema/shop/product-filter.ts), with one collator instead of one per comparison. */
const names = new Intl.Collator('ru');

export const catalogSearch = (products: readonly Product[]): CatalogSearch => {
  const byId = new Map<string, Product>();
  const byArt = new Map<string, Product>();
  const index = new MiniSearch<Product>({
    fields: ['name', 'art', 'composition', 'category'],
    extractField: (p, field) => (field === 'category' ? categoryLabels.get(p.category) : p[field as keyof Product]),
    tokenize: words,
    processTerm: term,
    // The name says what the product is; the composition finds the bouquets a flower is in, after it.
    searchOptions: { boost: { name: 4, art: 4, category: 1, composition: 0.7 }, combineWith: 'AND' },
  });

  const remove = (id: string) => {
    const old = byId.get(id);
    if (!old) return;
    byId.delete(id);
    if (byArt.get(artKey(old.art)) === old) byArt.delete(artKey(old.art));
    index.remove(old);
  };
  const put = (p: Product) => {
    const old = byId.get(p.id);
    if (old && indexed(old, p)) {
      byId.set(p.id, p);
      if (byArt.get(artKey(p.art)) === old) byArt.set(artKey(p.art), p);
      return;
    }
    remove(p.id);
    byId.set(p.id, p);
    byArt.set(artKey(p.art), p);
    index.add(p);
  };
  for (const p of products) {
    byId.set(p.id, p);
    byArt.set(artKey(p.art), p);
  }
  index.addAll(products);

  const inOrder = (a: { score: number; p: Product }, b: { score: number; p: Product }) => b.score - a.score || a.p.rank - b.p.rank || names.compare(a.p.name, b.p.name) || (a.p.id < b.p.id ? -1 : 1);
  const run = (q: string): Product[] => {
    for (const options of [firstTry, typoTry]) {
      // Every word must match; when no product has them all, the products that have some, best first.
      for (const combineWith of ['AND', 'OR'] as const) {
        const found = index.search(q, { ...options, combineWith });
        if (found.length)
          return found
            .flatMap((r) => {
              const p = byId.get(r.id as string);
              return p ? [{ score: score(r.score), p }] : [];
            })
            .sort(inOrder)
            .map((r) => r.p);
      }
    }
    return [];
  };

  return {
    find(query) {
      if (searchQueryProblem(query)) return [];
      const exact = byArt.get(artKey(query));
      let found = run(query);
      if (!found.length && maybeWrongLayout(query)) found = run(fromLatinLayout(query));
      return exact ? [exact, ...found.filter((p) => p !== exact)] : found;
    },
    put,
    remove,
  };
};
