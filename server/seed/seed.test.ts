import { describe, expect, it } from 'vitest';
import { categories } from '../../schema/category';
import { product } from '../../schema/product';
import { page } from '../../schema/page';
import { renderImage } from '../api/images';
import { demoProducts } from './products';
import { demoPages } from './pages';

describe('demo content', () => {
  it('has at least 60 valid products, six or more in each category of the bar', () => {
    expect(demoProducts.length).toBeGreaterThanOrEqual(60);
    demoProducts.forEach((p) => product.parse(p));
    for (const c of categories) expect(demoProducts.filter((p) => p.category === c.id).length, c.id).toBeGreaterThanOrEqual(6);
  });

  it('gives every product a unique id and art, images that render, and some discounts', () => {
    expect(new Set(demoProducts.map((p) => p.id)).size).toBe(demoProducts.length);
    expect(new Set(demoProducts.map((p) => p.art)).size).toBe(demoProducts.length);
    expect(demoProducts.filter((p) => p.discountPrice && p.discountPrice < p.price).length).toBeGreaterThan(10);
    for (const p of demoProducts) {
      for (const { url } of p.images) {
        const [, , kind, file] = url.split('/');
        expect(renderImage(kind, file.replace(/\.svg$/, '')), url).toMatch(/^<svg [^>]*viewBox="0 0 600 600"/);
      }
    }
  });

  it('has valid info pages with the paths of the spec', () => {
    demoPages.forEach((p) => page.parse(p));
    for (const slug of ['info', 'info/delivery', 'policy', 'studio', 'offers/5percent-off-for-feedback']) expect(demoPages.map((p) => p.id)).toContain(slug);
  });
});

describe('generated images', () => {
  it('are deterministic and refuse unknown kinds and odd seeds', () => {
    expect(renderImage('bouquet', 'p-001-1')).toBe(renderImage('bouquet', 'p-001-1'));
    expect(renderImage('bouquet', 'p-001-1')).not.toBe(renderImage('bouquet', 'p-002-1'));
    expect(renderImage('weapon', 'x')).toBeNull();
    expect(renderImage('bouquet', '../etc')).toBeNull();
  });
});
