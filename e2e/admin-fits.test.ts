import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { entities } from '../schema/entities';
import { backOfficeRoutes, isBackOfficePath } from '../schema/shared/back-office-routes';
import { today } from '../schema/shared/day';
import type { OfficeRecord } from '../schema/shared/record';
import { tierDatabases } from '../schema/shared/databases';
import { referencePlaces } from '../schema/shared/reference';
import { draftOf } from '../server/testing/order-rush';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { contextAs, outcomeOf } from './admin-journeys';
import { journeyPerFile, type TestShop } from './harness';

/** The phones the studio works on (issue 29, item 7): the common 390 px and the narrowest, 360 px. */
const widths = [390, 360] as const;

/** A name longer than any screen is wide: it must be cut with «…», never push the page sideways. */
const longName = 'Гортензия древовидная Аннабель белоснежная крупноцветковая премиум из Голландии';

/**
 * Records to open by id, real ones: the demo studio's (flowers, warehouses, refs, pages, catalogue items), and for
 * every other entity one made through the record API from its declared example, as a person would make it; a tech
 * card, a client and a flower with names too long for a phone; a site order for the order page.
 */
const recordPaths = async (shop: TestShop): Promise<string[]> => {
  const admin = await signIn(shop.url, demoPhones.admin);
  const stored = async (tier: 'office' | 'admin') =>
    (await shop.shop.storage.db(tierDatabases[tier]).allDocs({ include_docs: true })).rows.flatMap((r) => {
      const doc = r.doc as unknown as (OfficeRecord & { _id: string }) | undefined;
      return doc && !r.id.startsWith('_') ? [{ id: r.id, type: doc.type }] : [];
    });
  const make = async (path: string, data: Record<string, unknown>) => {
    const answer = await call<{ data: OfficeRecord }>(shop.url, `/api/${path}/update`, { data }, admin);
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body.data.id;
  };
  const flower = await make(entities.flower.path, { name: longName, unit: 'pcs', kind: 'flower' });
  await make(entities.client.path, { name: longName, phone: '79001112233' });
  await make(entities.techCard.path, { name: longName, warehouse: 'warehouse-cold', lines: [{ flower, qty: 3 }] });
  // A posted supply: the write-off and the transfer made below take from it.
  await make(entities.invoice.path, { ...entities.invoice.example, day: today(), status: 'posted', lines: [{ flower: 'flower-rose-explorer', qty: 100, price: 95.5 }] });

  const have = new Map<string, string>();
  const ids = new Set<string>();
  for (const r of [...(await stored('office')), ...(await stored('admin'))]) {
    have.set(r.type, r.id);
    ids.add(r.id);
  }
  // An entity with no record yet gets one from its example, its references pointed at records that exist (made first).
  let missing = Object.values(entities).filter((e) => e.write !== 'command' && e.type !== entities.void.type && !have.has(e.type));
  while (missing.length) {
    const ready = missing.filter((e) => referencePlaces(e.fields).every((p) => p.entity === e.type || have.has(p.entity)));
    expect(ready.length, `no record to point at for ${missing.map((e) => e.type).join(', ')}`).toBeGreaterThan(0);
    for (const entity of ready) {
      const data: Record<string, unknown> = { ...(entity.example as Record<string, unknown>) };
      // The example's own references where they exist (the demo's rose in «Холодильник»), else a record made above.
      for (const place of referencePlaces(entity.fields)) {
        const id = have.get(place.entity);
        const row = place.row;
        const value = data[place.field];
        if (!id) continue;
        if (row === undefined && typeof value === 'string' && value && !ids.has(value)) data[place.field] = id;
        if (row !== undefined && Array.isArray(value))
          data[place.field] = value.map((r: Record<string, unknown>) => (typeof r[row] === 'string' && ids.has(r[row]) ? r : { ...r, [row]: id }));
      }
      // A fact is dated today: the books refuse a day a month back to anyone but a manager.
      if (typeof data.day === 'string') data.day = today();
      const made = await make(entity.path, data);
      have.set(entity.type, made);
      ids.add(made);
    }
    missing = missing.filter((e) => !ready.includes(e));
  }
  // A void is made by voiding a fact: the write-off made above.
  if (!have.has(entities.void.type)) {
    const voided = await call<{ data: OfficeRecord }>(shop.url, `/api/${entities.slip.path}/void`, { id: have.get(entities.slip.type), reason: 'Проверка ширины экрана' }, admin);
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    have.set(entities.void.type, voided.body.data.id);
  }
  // Records of an entity shown inside another screen (a shift's close on /admin/charges, a count on /admin/warehouses) have no address of their own.
  const paths = Object.values(entities)
    .filter((e) => e.write !== 'command' && isBackOfficePath(`/admin/${e.path}`))
    .flatMap((e) => [`/admin/${e.path}/${have.get(e.type)}`, `/admin/${e.path}/new`]);

  const customer = '79001112244';
  const { body: items } = await call<{ data: { items: { id: string; isActive: boolean; count: number }[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
  const product = items.data.items.find((p) => p.isActive && p.count > 0)!;
  const placed = await call<{ data: { id: string } }>(shop.url, '/api/orders/create', { ...draftOf(customer, [{ id: product.id, count: 1 }]), sender: { name: longName, phone: customer } }, await signIn(shop.url, customer));
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  paths.push(`/admin/orders/${placed.body.data.id}`, `/admin/items/${product.id}`);

  const page = (await shop.shop.storage.db('pages').allDocs()).rows.find((r) => !r.id.startsWith('_'))!;
  paths.push(`/admin/pages-editor?key=${encodeURIComponent(page.id)}`, `/admin/pages-editor3?key=${encodeURIComponent(page.id)}`);
  return paths;
};

/** The elements that stick out past the page's right edge (the deepest first): what to mend when a screen is too wide. */
const stickingOut = () => {
  const edge = document.documentElement.clientWidth;
  const out: string[] = [];
  for (const el of document.querySelectorAll('body *')) {
    const box = el.getBoundingClientRect();
    if (box.right > edge + 0.5 && box.width > 0 && ![...el.children].some((c) => c.getBoundingClientRect().right > edge + 0.5)) {
      out.push(`${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} (${Math.round(box.right)} px)`);
    }
    if (out.length >= 3) break;
  }
  return out;
};

/**
 * Every back-office screen an admin opens, lists and records alike, on 390 and 360 px phones with the demo studio's
 * data: a screenshot of each (kept in a temporary folder, named in the output, never in git), and the screen fails
 * when the page scrolls sideways (its scroll width beyond its width); a wide table scrolls inside its own box.
 */
describe('every back-office screen fits a 390 and a 360 px phone', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  // The screens in slices, each a test of its own: one test for all of them ran past its two minutes on a busy machine.
  const slices = 4;
  let screens: Promise<string[]> | undefined;
  const shots = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-fits-'));
  console.info(`admin-fits: screenshots in ${shots}`);
  for (let slice = 0; slice < slices; slice++) {
    it(`has no sideways scroll on any screen an admin opens, with or without a record id, and takes a screenshot of each (part ${slice + 1} of ${slices})`, async () => {
      // Records made once, by the first slice to need them, for all.
      screens ??= recordPaths(journey().shop).then((records) => [...Object.keys(backOfficeRoutes).filter((p) => !p.includes('$')), ...records]);
      const all = await screens;
      const context = await contextAs(journey(), demoPhones.admin, { width: widths[0], height: 800 });
      const page = await context.newPage();
      const wide: string[] = [];
      // The slice's first screen is a full load; the others are reached inside the tab, as staff move through the menu.
      let loaded = false;
      for (const [i, screen] of all.entries()) {
        if (i % slices !== slice) continue;
        await page.setViewportSize({ width: widths[0], height: 800 });
        const { outcome } = await outcomeOf(page, screen, loaded);
        loaded = true;
        expect(outcome, screen).toBe('open');
        // Drawn once what it reads has arrived: no «Загрузка…» left in the screen.
        await page.locator('.admin-shell__main').getByText(/^Загрузка/).first().waitFor({ state: 'hidden' });
        // What a person sees at 390 px is kept to look at; both widths are measured.
        await page.screenshot({ path: path.join(shots, `${String(i).padStart(3, '0')}-${screen.replace(/[^a-z0-9]+/gi, '_')}.jpeg`), type: 'jpeg', quality: 60 });
        for (const width of widths) {
          await page.setViewportSize({ width, height: 800 });
          const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
          if (scroll > client) wide.push(`${screen} at ${width} px: ${scroll} px wide — ${(await page.evaluate(stickingOut)).join(', ')}`);
        }
      }
      expect(wide).toEqual([]);
      await context.close();
    });
  }

  it('cuts a long name on the order page with «…» and shows it whole on a tap, and again by keyboard', async () => {
    const shop = journey().shop;
    const customer = '79001112255';
    const { body: items } = await call<{ data: { items: { id: string; isActive: boolean; count: number }[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    const product = items.data.items.find((p) => p.isActive && p.count > 0)!;
    const placed = await call<{ data: { id: string } }>(shop.url, '/api/orders/create', { ...draftOf(customer, [{ id: product.id, count: 1 }]), sender: { name: longName, phone: customer } }, await signIn(shop.url, customer));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const context = await contextAs(journey(), demoPhones.admin, { width: 360, height: 800 });
    const page = await context.newPage();
    await page.goto(`/admin/orders/${placed.body.data.id}`);
    const name = page.getByRole('button', { name: longName });
    await name.waitFor();
    const clipped = () => name.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(await clipped()).toBe(true);
    expect(await name.evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');
    await name.click();
    await expect.poll(() => name.getAttribute('aria-expanded')).toBe('true');
    expect(await clipped()).toBe(false);
    await name.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => name.getAttribute('aria-expanded')).toBe('false');
    expect(await clipped()).toBe(true);
    await context.close();
  });
});
