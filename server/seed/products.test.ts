import { describe, expect, it, vi } from 'vitest';
import { categories } from '../../schema/shop/category';
import { page } from '../../schema/shop/page';
import { product } from '../../schema/shop/product';
import { user } from '../../schema/shared/user';
import { renderImage } from '../api/images';
import { demoTags } from './catalogue-lines';
import { demoPages } from './pages';
import { demoProducts } from './products';
import { demoStaff, demoStaffList } from './staff';

describe('demo catalogue', () => {
  it('has at least 72 products, each valid for the schema', () => {
    expect(demoProducts.length).toBeGreaterThanOrEqual(72);
    for (const p of demoProducts) expect(product.parse(p), p.id).toEqual(p);
  });

  it('fills every category of the bar with six or more products, and has vases and paintings', () => {
    for (const c of categories) expect(demoProducts.filter((p) => p.category === c.id).length, c.id).toBeGreaterThanOrEqual(6);
    expect(demoProducts.some((p) => p.category === 'vases' && p.itemType === 'vase')).toBe(true);
    expect(demoProducts.some((p) => p.category === 'paintings')).toBe(true);
  });

  it('gives unique ids p-001… and unique arts', () => {
    expect(new Set(demoProducts.map((p) => p.id)).size).toBe(demoProducts.length);
    expect(new Set(demoProducts.map((p) => p.art)).size).toBe(demoProducts.length);
    demoProducts.forEach((p, i) => expect(p.id).toBe(`p-${String(i + 1).padStart(3, '0')}`));
    expect(demoProducts[0]).toMatchObject({ id: 'p-001', art: 'B-1001', name: 'Букет «Утренний Прованс»' });
  });

  it('is realistic: discounts below the price on about a third, known tags, sizable bouquets, a few out of stock, inactive and hidden', () => {
    const discounted = demoProducts.filter((p) => p.discountPrice !== undefined);
    expect(discounted.every((p) => p.discountPrice! < p.price)).toBe(true);
    expect(discounted.length / demoProducts.length).toBeGreaterThan(0.25);
    expect(discounted.length / demoProducts.length).toBeLessThan(0.4);
    for (const p of demoProducts) {
      expect(p.tags.length, p.id).toBeGreaterThan(0);
      for (const t of p.tags) expect(demoTags, p.id).toContain(t);
      expect(p.count).toBeGreaterThanOrEqual(0);
      expect(p.count).toBeLessThanOrEqual(30);
      expect(p.description.split(/[.!?](\s|$)/).filter((s) => s.trim()).length, p.id).toBeGreaterThanOrEqual(2);
      expect(p.composition.length).toBeGreaterThan(0);
      expect(p.images.length).toBeGreaterThanOrEqual(2);
      expect(p.images.length).toBeLessThanOrEqual(3);
      expect(p.sizable, p.id).toBe(['authors', 'monobouquets', 'premium'].includes(p.category));
    }
    expect(demoProducts.filter((p) => p.count === 0).length).toBeGreaterThanOrEqual(2);
    expect(demoProducts.filter((p) => !p.isActive).length).toBe(2);
    expect(demoProducts.filter((p) => p.isHidden).length).toBe(1);
    for (const where of ['home', 'bestsellers', 'recepty']) expect(demoProducts.some((p) => p.shownOn.includes(where)), where).toBe(true);
    expect(new Set(demoProducts.map((p) => p.rank)).size).toBe(demoProducts.length);
    expect(new Set(demoProducts.map((p) => p.updatedAt)).size).toBe(1);
  });

  it('is the same list on every import', async () => {
    vi.resetModules();
    const again = (await import('./products')).demoProducts;
    expect(again).not.toBe(demoProducts);
    expect(again).toEqual(demoProducts);
  });

  it('points every image at a picture that renders', () => {
    for (const p of demoProducts) {
      for (const { url } of p.images) {
        const match = /^\/img\/([a-z]+)\/([a-z0-9-]+)\.svg$/.exec(url);
        expect(match, url).not.toBeNull();
        const svg = renderImage(match![1], match![2]);
        expect(svg, url).not.toBeNull();
        expect(svg!.startsWith('<svg')).toBe(true);
        expect(svg).toContain('viewBox="0 0 600 600"');
        expect(svg!.endsWith('</svg>')).toBe(true);
      }
    }
  });
});

describe('demo pages', () => {
  const slugs = [
    'info', 'info/delivery', 'policy', 'studio', 'for-companies', 'service', 'postcards', 'offers', 'offers/5percent-off-for-feedback', '8march',
    'mothers-day', 'new-year', 'bukety-na-den-rozhdeniya', 'exclusive/reflection', 'flowers-encyclopedia', 'flowers-encyclopedia/roses',
    'flowers-encyclopedia/roses/pink-ohara',
  ];

  it('are valid for the schema, with id = key = slug and unique', () => {
    for (const p of demoPages) {
      expect(page.parse(p), p.id).toEqual(p);
      expect(p.key).toBe(p.id);
    }
    expect(new Set(demoPages.map((p) => p.id)).size).toBe(demoPages.length);
  });

  it('cover the info, offer, campaign and encyclopedia pages', () => {
    const byId = new Map(demoPages.map((p) => [p.id, p]));
    for (const slug of slugs) expect(byId.has(slug), slug).toBe(true);
    expect(byId.get('info')!.value.sections.length).toBeGreaterThanOrEqual(8);
    expect(byId.get('info')!.value.sections.length).toBeLessThanOrEqual(10);
    expect(byId.get('studio')!.value.sections.length).toBe(4);
    expect(byId.get('info/delivery')!.value.title).toBe('Доставка и оплата');
    expect(byId.get('info/delivery')!.value.sections.map((s) => s.text).join(' ')).toMatch(/09:00.*23:00/);
  });

  it('have pictures that render', () => {
    for (const p of demoPages) {
      const seed = /^\/img\/page\/([a-z0-9-]+)\.svg$/.exec(p.value.image ?? '')?.[1];
      expect(seed, p.id).toBeDefined();
      expect(renderImage('page', seed!), p.id).toMatch(/^<svg[^>]*viewBox="0 0 600 600"/);
    }
  });
});

describe('demo staff', () => {
  it('are the admin, the manager and the florist, listed for the README', () => {
    for (const u of demoStaff) expect(user.parse(u)).toEqual(u);
    expect(demoStaff.map((u) => [u.phone, u.roles])).toEqual([
      ['79000000001', ['admin']],
      ['79000000002', ['manager']],
      ['79000000003', ['florist']],
    ]);
    expect(demoStaffList).toEqual(['+7 (900) 000-00-01 — администратор', '+7 (900) 000-00-02 — менеджер', '+7 (900) 000-00-03 — флорист']);
  });
});
