import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPhone } from '../../schema/shared/phone';
import { defaultStudioProfile, type StudioProfile, type StudioProfileAnswer } from '../../schema/studio/team/studio-profile';
import { shopSnapshot, snapshotElementId } from '../../schema/shop/shop-snapshot';
import { call, demoPhones, signIn, startTestShop, startTwoShops } from '../testing/test-shop';

type Shop = Awaited<ReturnType<typeof startTestShop>>;

const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*<script id=/.exec(html)?.[1] ?? '';
const jsonLdOf = (html: string): unknown[] => [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]));
const snapshotOf = (html: string) => {
  const json = new RegExp(`<script id="${snapshotElementId}" type="application/json">([^<]*)</script>`).exec(html)?.[1];
  return json === undefined ? null : shopSnapshot.parse(JSON.parse(json));
};

/**
 * The studio's profile (issue 20, item 4): saved by an admin on one app server, shown at once in the HTML another
 * server sharing the store draws (header, footer, JSON-LD, snapshot), with no restart. Needs the build (`npx vite build`).
 */
describe('the studio profile', () => {
  let shops: Awaited<ReturnType<typeof startTwoShops>>;
  let a: Shop;
  let b: Shop;
  let admin: string;
  const html = async (shop: Shop, path: string) => (await fetch(shop.url + path)).text();
  const read = async () => (await call<StudioProfileAnswer>(a.url, '/api/profile/get', {})).body.data;
  const save = (profile: unknown, updatedAt: number, cookie = admin) => call<StudioProfileAnswer & { error?: string; issues?: { path: string }[] }>(a.url, '/api/profile/update', { profile, updatedAt }, cookie);

  beforeAll(async () => {
    if (!fs.existsSync('dist-server/entry-server.js')) throw new Error('dist-server/ is missing: npx vite build first (npm test does it)');
    shops = await startTwoShops();
    ({ a, b } = shops);
    admin = await signIn(a.url, demoPhones.admin);
  });
  afterAll(async () => {
    await shops?.close();
  });

  it('shows a saved phone at once in the header, the footer, the JSON-LD and the snapshot another server draws', async () => {
    const before = await html(b, '/');
    expect(rootOf(before)).toContain(formatPhone(defaultStudioProfile.phone));
    const { updatedAt } = await read();
    expect(updatedAt).toBe(0);
    const changed: StudioProfile = { ...defaultStudioProfile, name: 'Мастерская «Пион»', phone: '+7 (495) 123-45-67', metro: ['Курская'], telegram: 'https://t.me/pion_studio' };
    const saved = await save(changed, updatedAt);
    expect(saved.status).toBe(200);
    expect(saved.body.data.profile.phone).toBe('74951234567');

    for (const path of ['/', '/items/monobouquets', '/info/delivery']) {
      const page = await html(b, path);
      const root = rootOf(page);
      expect(root, path).toContain('href="tel:+74951234567"');
      expect(root.match(/\+7 \(495\) 123-45-67/g)?.length, path).toBeGreaterThanOrEqual(2);
      expect(root, path).not.toContain(formatPhone(defaultStudioProfile.phone));
      expect(root, path).toContain('https://t.me/pion_studio');
      expect(root, path).toContain('Мастерская «Пион»');
      expect(jsonLdOf(page), path).toContainEqual(expect.objectContaining({ '@type': 'Florist', name: 'Мастерская «Пион»', telephone: '+7 (495) 123-45-67' }));
      expect(snapshotOf(page)?.studio?.phone, path).toBe('74951234567');
    }
    expect((await call<StudioProfileAnswer>(b.url, '/api/profile/get', {})).body.data.profile.name).toBe('Мастерская «Пион»');
  });

  it('is written by admins only', async () => {
    const { profile, updatedAt } = await read();
    for (const phone of [demoPhones.florist, demoPhones.manager]) {
      const answer = await save({ ...profile, phone: '74950000001' }, updatedAt, await signIn(a.url, phone));
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe('Недостаточно прав');
    }
    expect((await save(profile, updatedAt, '')).status).toBe(401);
    expect((await read()).profile.phone).toBe(profile.phone);
  });

  it('refuses bad input with a Russian reason and stores nothing', async () => {
    const { profile, updatedAt } = await read();
    const bad: [Partial<Record<keyof StudioProfile, unknown>>, string][] = [
      [{ phone: '12345' }, 'phone'],
      [{ vk: 'javascript:alert(1)' }, 'vk'],
      [{ telegram: 'https://evil.example/t.me/x' }, 'telegram'],
      [{ whatsapp: 'http://wa.me/7495' }, 'whatsapp'],
      [{ map: 'ftp://maps' }, 'map'],
      [{ inn: '12' }, 'inn'],
      [{ name: '' }, 'name'],
    ];
    for (const [change, field] of bad) {
      const answer = await save({ ...profile, ...change }, updatedAt);
      expect(answer.status, field).toBe(400);
      expect(answer.body.error, field).toMatch(/[а-я]/);
      expect(answer.body.issues?.map((i) => i.path), field).toContain(`profile.${field}`);
    }
    expect(await read()).toEqual({ profile, updatedAt });
  });

  it('refuses a save made from an old copy with 409, so one admin never silently undoes another', async () => {
    const { profile, updatedAt } = await read();
    expect((await save({ ...profile, hours: 'ежедневно 10:00–21:00' }, updatedAt)).status).toBe(200);
    const late = await save({ ...profile, hours: 'ежедневно 08:00–20:00' }, updatedAt);
    expect(late.status).toBe(409);
    expect(late.body.error).toMatch(/изменили/);
    expect((await read()).profile.hours).toBe('ежедневно 10:00–21:00');
  });

  it('is no page: no address, no page listing and no page edit reaches it', async () => {
    expect((await fetch(`${b.url}/studio-profile`)).status).toBe(404);
    expect((await call(a.url, '/api/pages/get', { slug: 'studio-profile' })).status).toBe(404);
    const pages = await call<{ data: { id: string }[] }>(a.url, '/api/pages/list', {});
    expect(pages.body.data.map((p) => p.id)).not.toContain('studio-profile');
    expect(await (await fetch(`${a.url}/sitemap.xml`)).text()).not.toContain('studio-profile');
    const overwrite = await call<{ error?: string }>(a.url, '/api/pages/update', { key: 'studio-profile', value: { title: 'x' } }, admin);
    expect(overwrite.status).toBe(400);
    expect(overwrite.body.error).toMatch(/профилем мастерской/);
    expect((await read()).profile.name).toBe('Мастерская «Пион»');
  });
});
