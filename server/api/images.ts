import { Router } from 'express';

/**
 * Product and page pictures, drawn from the seed in the URL: /img/{kind}/{seed}.svg.
 * The demo shop needs images without downloading any; a real catalogue uploads photos instead.
 */
const palettes = [
  ['#f6d5dc', '#e88fa5', '#c9486b', '#fbeff2'],
  ['#fde2c8', '#f5a962', '#e2703a', '#fff6ec'],
  ['#e8e1f5', '#b69ce0', '#7d5ab5', '#f7f3fc'],
  ['#fff3c4', '#f6d55c', '#e0a526', '#fffbea'],
  ['#fbe3e8', '#ffffff', '#e7b8c4', '#f3f7f1'],
  ['#dceee0', '#f28c8c', '#d94c63', '#f2f8f3'],
];

const vessels: Record<string, (c: string) => string> = {
  bouquet: (c) => `<path d="M240 360 L300 560 L360 360 Z" fill="${c}" opacity=".9"/><path d="M250 380 L300 420 L350 380" stroke="#fff" stroke-width="6" fill="none"/>`,
  box: (c) => `<rect x="170" y="360" width="260" height="190" rx="18" fill="${c}"/><rect x="170" y="360" width="260" height="26" fill="#0002"/>`,
  basket: (c) => `<path d="M160 370 h280 l-30 180 h-220 z" fill="${c}"/><path d="M190 400 h220 M185 440 h230 M195 480 h210" stroke="#0003" stroke-width="8"/>`,
  crate: (c) => `<rect x="160" y="380" width="280" height="160" fill="${c}"/><path d="M160 430 h280 M160 485 h280" stroke="#0003" stroke-width="10"/>`,
  plant: (c) => `<path d="M200 400 h200 l-25 150 h-150 z" fill="${c}"/>`,
  vase: (c) => `<path d="M250 300 q-60 120 0 250 h100 q60 -130 0 -250 z" fill="${c}"/>`,
  dried: (c) => `<path d="M265 380 L300 560 L335 380 Z" fill="${c}"/>`,
  flower: () => '',
  toy: () => '',
  painting: (c) => `<rect x="110" y="110" width="380" height="380" fill="none" stroke="${c}" stroke-width="26"/>`,
  page: () => '',
};

const hash = (s: string) => [...s].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0, 2166136261);

const bloom = (x: number, y: number, r: number, petal: string, heart: string) =>
  `<g transform="translate(${x} ${y})">${[0, 60, 120, 180, 240, 300]
    .map((a) => `<ellipse rx="${r * 0.55}" ry="${r}" transform="rotate(${a}) translate(0 ${-r * 0.6})" fill="${petal}"/>`)
    .join('')}<circle r="${r * 0.45}" fill="${heart}"/></g>`;

const bear = (c: string) =>
  `<circle cx="300" cy="250" r="95" fill="${c}"/><circle cx="225" cy="175" r="38" fill="${c}"/><circle cx="375" cy="175" r="38" fill="${c}"/><ellipse cx="300" cy="430" rx="125" ry="120" fill="${c}"/><circle cx="268" cy="240" r="10" fill="#333"/><circle cx="332" cy="240" r="10" fill="#333"/><ellipse cx="300" cy="280" rx="28" ry="20" fill="#fff8"/>`;

export const renderImage = (kind: string, seed: string): string | null => {
  const vessel = vessels[kind];
  if (!vessel || !/^[a-z0-9-]{1,40}$/.test(seed)) return null;
  const h = hash(`${kind}:${seed}`);
  const [bg, petal, deep, light] = palettes[h % palettes.length];
  const flowers = kind === 'toy' ? bear(petal) : Array.from({ length: 5 + (h % 5) }, (_, i) => {
    const a = ((h >> (i % 16)) % 360) * (Math.PI / 180) + i;
    const spread = kind === 'flower' ? 0 : 70 + ((h >> i) % 60);
    const x = Math.round(300 + Math.cos(a) * spread);
    const y = Math.round((kind === 'painting' ? 300 : 260) + Math.sin(a) * spread * 0.8);
    return `<path d="M${x} ${y} L300 470" stroke="#5b8a4a" stroke-width="6"/>${bloom(x, y, kind === 'flower' ? 90 : 34 + ((h >> (i + 3)) % 18), i % 2 ? petal : deep, light)}`;
  }).join('');
  const leaves = kind === 'toy' ? '' : `<ellipse cx="230" cy="360" rx="60" ry="22" transform="rotate(-30 230 360)" fill="#7fae6b"/><ellipse cx="370" cy="360" rx="60" ry="22" transform="rotate(30 370 360)" fill="#6a9c58"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600"><rect width="600" height="600" fill="${bg}"/>${leaves}${flowers}${vessel(deep)}</svg>`;
};

export const imagesApi = (): Router => {
  const images = Router();
  images.get('/img/:kind/:seed.svg', (req, res) => {
    const svg = renderImage(req.params.kind, req.params.seed);
    if (!svg) return void res.status(404).json({ error: 'Изображение не найдено' });
    res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    res.type('image/svg+xml').send(svg);
  });
  return images;
};
