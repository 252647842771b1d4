import { Resvg } from '@resvg/resvg-js';
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQueue } from '../photos/decode-queue';
import { imageKinds, imagesApi, renderImage } from './images';

const kinds = ['bouquet', 'plant', 'box', 'basket', 'crate', 'dried', 'toy', 'vase', 'painting', 'flower', 'page'];

describe('renderImage', () => {
  it('draws every kind as a small 600×600 SVG', () => {
    expect([...imageKinds].sort()).toEqual([...kinds].sort());
    for (const kind of kinds) {
      for (let i = 1; i <= 40; i++) {
        const svg = renderImage(kind, `p-${String(i).padStart(3, '0')}-${(i % 3) + 1}`)!;
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600"'), kind).toBe(true);
        expect(svg.endsWith('</svg>')).toBe(true);
        expect(svg).not.toMatch(/NaN|undefined/);
        expect(Buffer.byteLength(svg), `${kind} ${i}`).toBeLessThan(4096);
      }
    }
  });

  it('is deterministic and varies with the seed', () => {
    expect(renderImage('bouquet', 'p-001-1')).toBe(renderImage('bouquet', 'p-001-1'));
    expect(renderImage('bouquet', 'p-001-1')).not.toBe(renderImage('bouquet', 'p-002-1'));
    expect(renderImage('bouquet', 'p-001-1')).not.toBe(renderImage('box', 'p-001-1'));
  });

  it('refuses unknown kinds and seeds outside [a-z0-9-]{1,40}', () => {
    for (const kind of ['weapon', 'constructor', '__proto__', 'toString', '']) expect(renderImage(kind, 'x'), kind).toBeNull();
    for (const seed of ['', '../etc', 'P-001', 'a_b', 'a.b', 'a'.repeat(41), 'роза']) expect(renderImage('bouquet', seed), seed).toBeNull();
    expect(renderImage('bouquet', 'a'.repeat(40))).not.toBeNull();
  });
});

describe('GET /img/:kind/:seed.svg', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const app = express();
    app.use(imagesApi());
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers the SVG, cached for a year', async () => {
    const res = await fetch(`${base}/img/bouquet/p-001-1.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(renderImage('bouquet', 'p-001-1'));
  });

  it('draws a PNG off the event loop, in turn with the uploads’ decodes, pixel for pixel what resvg draws (issue 27, item 7)', async () => {
    let release = () => {};
    const decoding = decodeQueue.run(() => new Promise<void>((resolve) => (release = resolve)));
    let answered = false;
    const answer = fetch(`${base}/img/bouquet/turn-1.png`).then((res) => {
      answered = true;
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(answered).toBe(false);
    release();
    await decoding;
    const res = await answer;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const drawn = await sharp(Buffer.from(await res.arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
    const resvg = await sharp(new Resvg(renderImage('bouquet', 'turn-1')!, { fitTo: { mode: 'original' } }).render().asPng()).removeAlpha().raw().toBuffer();
    expect([drawn.info.width, drawn.info.height]).toEqual([600, 600]);
    expect(drawn.data.equals(resvg)).toBe(true);
  });

  it('answers 404 JSON for an unknown kind or a bad seed', async () => {
    for (const path of ['/img/weapon/p-001-1.svg', '/img/bouquet/P_001.svg', '/img/constructor/x.svg', `/img/bouquet/${'a'.repeat(41)}.svg`]) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: 'Изображение не найдено' });
    }
  });
});
