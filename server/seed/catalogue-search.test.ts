import { describe, expect, it } from 'vitest';
import { demoProducts } from './products';
import { catalogSearch } from '../../schema/shop/search';
import { searchMessages, searchQueryProblem, searchText } from '../../schema/shop/search-query';

const search = catalogSearch(demoProducts);
const names = (q: string) => search.find(q).map((p) => p.name);
const byName = (name: string) => demoProducts.find((p) => p.name === name)!;

describe('catalogue search in Russian (issue 12, item 2)', () => {
  it('«тюльпаны» finds the tulip monobouquet and every tulip', () => {
    expect(names('тюльпаны')).toContain('Монобукет из 25 тюльпанов');
    const tulips = demoProducts.filter((p) => /тюльпан/i.test(p.name)).map((p) => p.name);
    expect(tulips.length).toBeGreaterThan(2);
    expect(names('тюльпаны')).toEqual(expect.arrayContaining(tulips));
    expect(names('Тюльпанов')).toEqual(expect.arrayContaining(tulips));
  });

  it('«розы» finds every rose, the ones named a rose first', () => {
    const roses = demoProducts.filter((p) => /(^|\s)роз(а|ы|ой|ами)?(\s|,|$)/i.test(p.name)).map((p) => p.name);
    expect(roses.length).toBeGreaterThan(6);
    const found = names('розы');
    expect(found.slice(0, roses.length).sort()).toEqual([...roses].sort());
    // Bouquets with roses in them follow.
    expect(found).toContain('Букет «Утренний Прованс»');
    expect(names('роза')).toEqual(expect.arrayContaining(roses));
  });

  it('«пеоны», a misspelt «пионы», finds the peonies', () => {
    const peonies = ['Пион Сара Бернар', 'Монобукет из 9 пионов Сара Бернар', 'Коробка с пионами'];
    expect(names('пеоны').slice(0, 3).sort()).toEqual([...peonies].sort());
    expect(names('пионы')).toEqual(expect.arrayContaining(peonies));
  });

  it('still finds with a one-letter typo', () => {
    expect(names('тюльпамы')).toContain('Монобукет из 25 тюльпанов');
    expect(names('хризонтемы')).toContain('Монобукет из 15 белых хризантем');
    expect(names('гартензия')[0]).toBe('Гортензия');
    expect(names('орхидэя')).toContain('Орхидея фаленопсис в кашпо');
  });

  it('finds a product by its article code, also typed in Cyrillic look-alikes, without the dash, or as digits', () => {
    const tulips = byName('Монобукет из 25 тюльпанов');
    expect(tulips.art).toBe('B-1012');
    for (const q of ['B-1012', 'b1012', 'В-1012', ' в 1012 ', '1012']) expect(search.find(q)[0]).toBe(tulips);
  });

  it('reads a query typed on the Latin layout', () => {
    expect(names('nekmgfys')).toContain('Монобукет из 25 тюльпанов');
  });

  it('narrows by every word, and falls back to any word when no product has them all', () => {
    expect(names('красные розы')).toEqual(['Монобукет из 51 красной розы']);
    expect(names('25 роз')).toEqual(expect.arrayContaining(['Монобукет из 25 роз Пинк О\'Хара', 'Коробка-сердце из 25 роз']));
    expect(names('мишка плюшевый синий')).toEqual(expect.arrayContaining(['Мишка Тедди, 30 см', 'Мишка большой, 80 см']));
  });

  it('finds nothing, never everything, for an empty, punctuation-only, unknown or 1,000-character query', () => {
    for (const q of ['', '   ', '!!!', '«»—,.?', 'ываываыва', 'роза '.repeat(200)]) expect(names(q)).toEqual([]);
  });
});

describe('what a search text must be', () => {
  it('names the problem of a query that cannot be searched', () => {
    expect(searchQueryProblem('  ')).toBe('empty');
    expect(searchQueryProblem('?!…')).toBe('noWords');
    expect(searchQueryProblem('а'.repeat(1000))).toBe('tooLong');
    expect(searchQueryProblem('розы')).toBeNull();
  });

  it('refuses punctuation alone and 1,000 characters in /api requests with a Russian message; empty means no filter', () => {
    expect(searchText.safeParse('').success).toBe(true);
    expect(searchText.safeParse('?!').error?.issues[0]?.message).toBe(searchMessages.noWords);
    expect(searchText.safeParse('а'.repeat(1000)).error?.issues[0]?.message).toBe(searchMessages.tooLong);
  });
});
