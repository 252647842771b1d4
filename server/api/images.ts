import { renderAsync } from '@resvg/resvg-js';
import { Router } from 'express';
import sharp from 'sharp';
import { decodeQueue } from '../photos/decode-queue';

/**
 * Product and page pictures, drawn from the seed in the URL: GET /img/{kind}/{seed}.svg.
 * The demo shop needs images without downloading any; a real catalogue uploads photos instead.
 * The same kind and seed always give the same picture (600×600, a few kilobytes).
 */

type Rand = () => number;
interface Palette {
  bg: [string, string];
  flowers: [string, string, string];
  accent: string;
}

/** Harmonious sets: two background tints, three flower colours, an accent for ribbons and boxes. */
const palettes: Palette[] = [
  { bg: ['#fdf3f1', '#f5ddd8'], flowers: ['#f7c5cc', '#e98fa2', '#fff1f3'], accent: '#c9486b' },
  { bg: ['#fff6ec', '#fbe3cf'], flowers: ['#fbc49a', '#f59e6b', '#ffe7d1'], accent: '#d9653b' },
  { bg: ['#f6f3fc', '#e7e0f5'], flowers: ['#c9b6ec', '#9d7fd6', '#f1ecfb'], accent: '#6b4fa8' },
  { bg: ['#fffbea', '#fbf0c4'], flowers: ['#f8dc6c', '#f2b134', '#fff5cf'], accent: '#c9831a' },
  { bg: ['#f3f7f1', '#e2ece0'], flowers: ['#ffffff', '#f4ecd8', '#e9d3dc'], accent: '#7f9c72' },
  { bg: ['#fdf0ef', '#f6dcdc'], flowers: ['#d83a4f', '#a8233a', '#f7a1ab'], accent: '#8c1c2e' },
  { bg: ['#eef8f4', '#d9efe7'], flowers: ['#ff8c7a', '#ffc2b4', '#fff0e8'], accent: '#3f8f78' },
  { bg: ['#f0f5fb', '#dde8f5'], flowers: ['#a9c6ec', '#7aa2d9', '#eef4fc'], accent: '#3f6aa8' },
];
const driedPalettes: Palette[] = [
  { bg: ['#f7f1e8', '#ece1d0'], flowers: ['#e6d3b3', '#c9a27a', '#f5ece0'], accent: '#a0673f' },
  { bg: ['#f6f2ee', '#e6dcd4'], flowers: ['#d9c2ad', '#b4866b', '#efe6dc'], accent: '#7d5a44' },
];
const greens = ['#6f9a5b', '#86ad6f', '#4f7d4a', '#9bbf83'];
const wraps = ['#d9bd92', '#f3e3e6', '#e6ecee', '#efe4d2'];

/** Flower shapes drawn once and reused: rose, peony, daisy, tulip, pampas plume, leaf. Colour comes from `color`. */
const defs =
  '<g id="r"><circle r="40" fill="currentColor"/><path d="M-24 6a24 24 0 0 1 40-22M-14 13a16 16 0 0 0 28-5M-7-4a9 9 0 1 1 11 9" fill="none" stroke="#0002" stroke-width="4" stroke-linecap="round"/></g>' +
  '<g id="p"><circle r="42" fill="currentColor"/><circle r="31" fill="#fff" opacity=".35"/><circle r="19" fill="currentColor"/><circle r="19" fill="#0001"/></g>' +
  '<g id="d" fill="currentColor">' +
  [0, 45, 90, 135].map((a) => `<ellipse rx="11" ry="40" transform="rotate(${a})"/>`).join('') +
  '<circle r="12" fill="#e7a92b"/></g>' +
  '<g id="t"><path d="M-26-14q-2 42 26 46q28-4 26-46l-13 12-13-24-13 24z" fill="currentColor"/><path d="M0-26l-8 26 8 30z" fill="#fff" opacity=".25"/></g>' +
  '<ellipse id="m" rx="15" ry="50" fill="currentColor"/>' +
  '<path id="l" d="M0 0q34-26 78 0q-44 26-78 0z"/>';

const fnv = (s: string): number => {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
};

/** mulberry32: a tiny seeded generator, so every picture is the same on every request. */
const generator = (seed: number): Rand => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)];
const int = (r: Rand, from: number, to: number): number => from + Math.floor(r() * (to - from + 1));

interface Bloom {
  x: number;
  y: number;
  s: number;
}

/** Blooms in a dome (golden-angle spiral squeezed vertically), back row first. */
const dome = (r: Rand, n: number, cx: number, cy: number, radius: number, squeeze = 0.72): Bloom[] => {
  const turn = r() * 6.28;
  return Array.from({ length: n }, (_, i) => {
    const d = radius * Math.sqrt((i + 0.5) / n);
    const a = turn + i * 2.39996;
    return { x: Math.round(cx + d * Math.cos(a)), y: Math.round(cy + d * Math.sin(a) * squeeze), s: 0.75 + r() * 0.4 };
  }).sort((a, b) => a.y - b.y);
};

const use = (id: string, x: number, y: number, s: number, rot: number, attr: string) =>
  `<use href="#${id}" ${attr} transform="translate(${x} ${y}) rotate(${rot}) scale(${s.toFixed(2)})"/>`;

const flowersOf = (r: Rand, blooms: Bloom[], p: Palette, shapes: string) =>
  blooms.map((b) => use(pick(r, [...shapes]), b.x, b.y, b.s, int(r, -30, 30), `color="${pick(r, p.flowers)}"`)).join('');

const stems = (blooms: Bloom[], x: number, y: number, width = 5) =>
  `<path d="${blooms.map((b) => `M${b.x} ${b.y}L${x} ${y}`).join('')}" stroke="#5d8a4c" stroke-width="${width}" fill="none"/>`;

const leaves = (r: Rand, n: number, cx: number, cy: number, spread: number) =>
  Array.from({ length: n }, (_, i) => {
    const a = (i / n) * 360 + int(r, 0, 40);
    const rad = (a * Math.PI) / 180;
    const x = Math.round(cx + Math.cos(rad) * spread);
    const y = Math.round(cy + Math.sin(rad) * spread * 0.6);
    return use('l', x, y, 0.8 + r() * 0.5, Math.round(a), `fill="${pick(r, greens)}"`);
  }).join('');

const bow = (x: number, y: number, c: string) =>
  `<path d="M${x} ${y}l-44-22v44zM${x} ${y}l44-22v44zM${x} ${y}l-20 50M${x} ${y}l20 50" fill="${c}" stroke="${c}" stroke-width="6"/><circle cx="${x}" cy="${y}" r="10" fill="${c}"/>`;

/** A bouquet in paper: stems converge under a cone of wrapping. */
const wrapped = (r: Rand, p: Palette, n: number, shapes: string) => {
  const blooms = dome(r, n, 300, 250, 135);
  const wrap = pick(r, wraps);
  return (
    leaves(r, 7, 300, 270, 130) +
    stems(blooms, 300, 520) +
    flowersOf(r, blooms, p, shapes) +
    `<path d="M175 330L300 565L425 330L360 380L300 350L240 380Z" fill="${wrap}"/><path d="M240 380L300 565L360 380" fill="#0000000d"/>` +
    bow(300, 455, p.accent)
  );
};

type Draw = (r: Rand, p: Palette) => string;

const kinds: Record<string, Draw> = {
  bouquet: (r, p) => wrapped(r, p, int(r, 10, 14), 'rrpdt'),
  dried: (r, p) => {
    const plumes = dome(r, int(r, 7, 10), 300, 220, 140, 0.6);
    return (
      stems(plumes, 300, 520, 4) +
      plumes.map((b) => use('m', b.x, b.y, b.s, Math.round((b.x - 300) / 4), `color="${pick(r, p.flowers)}"`)).join('') +
      flowersOf(r, dome(r, 5, 300, 300, 90), p, 'dp') +
      `<path d="M200 340L300 565L400 340Z" fill="${pick(r, wraps)}"/>` +
      bow(300, 445, p.accent)
    );
  },
  box: (r, p) => {
    const blooms = dome(r, int(r, 12, 15), 300, 300, 150, 0.32);
    return (
      `<rect x="150" y="320" width="300" height="200" fill="${p.accent}"/><ellipse cx="300" cy="520" rx="150" ry="34" fill="${p.accent}"/>` +
      `<rect x="150" y="410" width="300" height="26" fill="#fff" opacity=".5"/><ellipse cx="300" cy="320" rx="150" ry="34" fill="#0003"/>` +
      flowersOf(r, blooms, p, 'rrp')
    );
  },
  basket: (r, p) => {
    const blooms = dome(r, int(r, 10, 13), 300, 320, 150, 0.4);
    return (
      `<path d="M170 380Q170 110 300 110T430 380" fill="none" stroke="#b98a55" stroke-width="16"/>` +
      leaves(r, 6, 300, 340, 140) +
      flowersOf(r, blooms, p, 'rpdt') +
      `<path d="M150 370H450L415 545H185Z" fill="#c99a62"/><path d="M160 410H440M168 450H432M176 490H424" stroke="#0002" stroke-width="10"/>`
    );
  },
  crate: (r, p) => {
    const blooms = dome(r, int(r, 11, 14), 300, 330, 150, 0.36);
    return (
      leaves(r, 6, 300, 350, 150) +
      flowersOf(r, blooms, p, 'rpdt') +
      `<rect x="140" y="380" width="320" height="160" fill="#c8a273"/><path d="M140 433H460M140 487H460" stroke="#0002" stroke-width="8"/><path d="M160 380V540M440 380V540" stroke="#00000014" stroke-width="14"/>`
    );
  },
  plant: (r, p) => {
    const leafs = Array.from({ length: int(r, 8, 11) }, (_, i) =>
      use('l', 300, 390, 1.3 + r() * 0.9, -170 + i * 16 + int(r, 0, 10), `fill="${pick(r, greens)}"`),
    ).join('');
    const blooms = dome(r, int(r, 3, 5), 300, 190, 90, 0.5);
    return (
      leafs +
      stems(blooms, 300, 390, 4) +
      flowersOf(r, blooms, p, 'd') +
      `<path d="M200 390H400L375 545H225Z" fill="${pick(r, ['#c97b5a', '#e9e4dc', '#8fa3a0', p.accent])}"/><rect x="190" y="380" width="220" height="28" rx="6" fill="#0002"/>`
    );
  },
  vase: (r, p) => {
    const blooms = dome(r, int(r, 5, 8), 300, 200, 120, 0.6);
    return (
      leaves(r, 5, 300, 260, 110) +
      stems(blooms, 300, 430) +
      flowersOf(r, blooms, p, 'rpt') +
      `<path d="M255 310Q175 430 250 550H350Q425 430 345 310Z" fill="${p.flowers[1]}" opacity=".85"/><path d="M268 340Q220 430 262 520" stroke="#fff" stroke-width="8" fill="none" opacity=".6"/>`
    );
  },
  flower: (r, p) => {
    const shape = pick(r, ['r', 'p', 'd', 't']);
    return (
      `<path d="M300 240Q290 400 300 560" stroke="#5d8a4c" stroke-width="9" fill="none"/>` +
      use('l', 298, 420, 1.3, -150, `fill="${greens[0]}"`) +
      use('l', 302, 360, 1.2, -30, `fill="${greens[1]}"`) +
      use(shape, 300, 230, 2.6, int(r, -15, 15), `color="${pick(r, p.flowers.slice(0, 2))}"`)
    );
  },
  toy: (r, p) => {
    const fur = pick(r, ['#c89a6b', '#d8b48c', '#f1e7dc', '#a9826a', '#f3c7cf']);
    const blooms = dome(r, 3, 300, 420, 40);
    return (
      `<g fill="${fur}"><circle cx="220" cy="160" r="40"/><circle cx="380" cy="160" r="40"/><ellipse cx="300" cy="430" rx="130" ry="125"/><circle cx="300" cy="240" r="100"/><circle cx="190" cy="510" r="46"/><circle cx="410" cy="510" r="46"/></g>` +
      `<circle cx="220" cy="160" r="20" fill="#0002"/><circle cx="380" cy="160" r="20" fill="#0002"/><ellipse cx="300" cy="280" rx="40" ry="30" fill="#fff8"/>` +
      `<circle cx="265" cy="230" r="11" fill="#3b2f2f"/><circle cx="335" cy="230" r="11" fill="#3b2f2f"/><ellipse cx="300" cy="268" rx="14" ry="10" fill="#3b2f2f"/>` +
      bow(300, 342, p.accent) +
      flowersOf(r, blooms, p, 'rp')
    );
  },
  painting: (r, p) => {
    const blooms = dome(r, int(r, 8, 11), 300, 280, 120, 0.8);
    return (
      `<rect x="95" y="95" width="410" height="410" fill="${pick(r, ['#b08a4f', '#6e5440', '#d9d2c5'])}"/><rect x="125" y="125" width="350" height="350" fill="#fbfaf6"/>` +
      leaves(r, 7, 300, 290, 120) +
      flowersOf(r, blooms, p, 'rpd')
    );
  },
  page: (r, p) => {
    const blooms = Array.from({ length: 9 }, (_, i) => ({ x: 60 + i * 60, y: Math.round(330 - Math.sin((i / 8) * Math.PI) * 140), s: 0.8 + r() * 0.5 }));
    return `<circle cx="300" cy="330" r="190" fill="#fff" opacity=".5"/>` + leaves(r, 8, 300, 300, 190) + flowersOf(r, blooms, p, 'rpdt');
  },
};

/** Kinds of pictures the route draws. */
export const imageKinds = Object.keys(kinds);

const seedPattern = /^[a-z0-9-]{1,40}$/;

/** The SVG for /img/{kind}/{seed}.svg, or null for an unknown kind or a seed outside [a-z0-9-]{1,40}. */
export const renderImage = (kind: string, seed: string): string | null => {
  if (!Object.hasOwn(kinds, kind) || !seedPattern.test(seed)) return null;
  const r = generator(fnv(`${kind}:${seed}`));
  const p = pick(r, kind === 'dried' ? driedPalettes : palettes);
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600">' +
    `<defs><linearGradient id="g" x2="0" y2="1"><stop stop-color="${p.bg[0]}"/><stop offset="1" stop-color="${p.bg[1]}"/></linearGradient>${defs}</defs>` +
    '<rect width="600" height="600" fill="url(#g)"/><ellipse cx="300" cy="560" rx="200" ry="22" fill="#0000000f"/>' +
    kinds[kind](r, p) +
    '</svg>'
  );
};

/** Rasters drawn lately (derived from the address alone, so any process draws the same), at most this many. */
const rastersKept = 200;

/**
 * The PNG of a drawn picture, made off the event loop (resvg draws it on a libuv thread, libvips writes the PNG) and in
 * turn with the uploads' decodes: drawn on the loop, each one held every other request ~45 ms, and a seed is anyone's
 * to choose, so a stream of new ones could hold the shop.
 */
const rasterOf = (svg: string): Promise<Buffer> =>
  decodeQueue.run(async () => {
    const drawn = await renderAsync(svg, { fitTo: { mode: 'original' } });
    // Every drawn picture has an opaque background, so resvg's premultiplied pixels are the plain ones.
    return sharp(drawn.pixels, { raw: { width: drawn.width, height: drawn.height, channels: 4 } }).removeAlpha().png().toBuffer();
  });

/**
 * GET /img/:kind/:seed.svg — cached for a year: the same address always draws the same picture. The same picture as
 * PNG at /img/:kind/:seed.png, for link previews: VK and Telegram show no SVG.
 */
export const imagesApi = (): Router => {
  const images = Router();
  const rasters = new Map<string, Buffer>();
  images.get('/img/:kind/:seed.png', async (req, res, next) => {
    try {
      const key = `${req.params.kind}/${req.params.seed}`;
      let png = rasters.get(key);
      if (!png) {
        const svg = renderImage(req.params.kind, req.params.seed);
        if (!svg) return void res.status(404).json({ error: 'Изображение не найдено' });
        png = await rasterOf(svg);
        if (rasters.size >= rastersKept) rasters.clear();
        rasters.set(key, png);
      }
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.type('image/png').send(png);
    } catch (e) {
      next(e);
    }
  });
  images.get('/img/:kind/:seed.svg', (req, res) => {
    const svg = renderImage(req.params.kind, req.params.seed);
    if (!svg) return void res.status(404).json({ error: 'Изображение не найдено' });
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Content-Type', 'image/svg+xml; charset=utf-8');
    res.send(svg);
  });
  return images;
};

