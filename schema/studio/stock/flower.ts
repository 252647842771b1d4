/**
 * The flowers of /flowers/{slug} (spec §2): what the shop calls each in Russian, and the word the catalogue search
 * finds its products by. A page `flowers/{slug}` in the pages store adds the studio's own text to one.
 */
export const flowers = [
  { slug: 'rose', name: 'Розы', query: 'роза' },
  { slug: 'peony', name: 'Пионы', query: 'пион' },
  { slug: 'tulip', name: 'Тюльпаны', query: 'тюльпан' },
  { slug: 'chrysanthemum', name: 'Хризантемы', query: 'хризантема' },
  { slug: 'hydrangea', name: 'Гортензии', query: 'гортензия' },
  { slug: 'orchid', name: 'Орхидеи', query: 'орхидея' },
  { slug: 'carnation', name: 'Гвоздики', query: 'гвоздика' },
  { slug: 'alstroemeria', name: 'Альстромерии', query: 'альстромерия' },
  { slug: 'lisianthus', name: 'Лизиантусы', query: 'лизиантус' },
  { slug: 'lavender', name: 'Лаванда', query: 'лаванда' },
] as const;
type Flower = (typeof flowers)[number];

export const flowerOf = (slug: string): Flower | undefined => flowers.find((f) => f.slug === slug);
