import { z } from 'zod';
import { defineEntity, lastWriterWins } from '../shared/entity';
import { roubles } from '../shared/money';
import { optionalReference, reference } from '../shared/reference';

/**
 * One line of a bouquet's recipe: a flower or material (its `flower` record id) or another tech card used whole as
 * a part (`card`: a base of greenery, a wrapping set), times `qty` per bouquet.
 */
const techCardLine = z
  .strictObject({
    flower: optionalReference('flower', 'Выберите цветок или материал'),
    card: optionalReference('techCard', 'Выберите техкарту-основу'),
    qty: z.number().positive('Количество больше нуля').max(10_000, 'Слишком большое количество'),
  })
  .refine((l) => !!l.flower !== !!l.card, { message: 'Выберите цветок, материал или техкарту-основу', path: ['flower'] });
export type TechCardLine = z.infer<typeof techCardLine>;

/**
 * A bouquet by tech card (/admin/products): its recipe, the warehouse its stems are taken from, a markup over the
 * cost, the price set, and the catalogue item it is published as. Office tier: a florist's phone holds the recipes
 * offline, and the cost is counted on the device from the posted invoices it holds (schema/studio/stock/tech-card.ts). Made to
 * order: the stems leave stock when an order for it is assembled (server/orders/assembly.ts; DECISIONS «Bouquets by
 * tech card»).
 */
export const techCard = defineEntity({
  type: 'techCard',
  path: 'products',
  labels: {
    one: 'Техкарта букета',
    many: 'Букеты по техкартам',
    create: 'Новая техкарта',
    fields: {
      name: 'Название букета',
      art: 'Артикул',
      warehouse: 'Склад, откуда берут цветы',
      lines: 'Состав',
      markup: 'Наценка, %',
      price: 'Цена продажи, ₽',
      product: 'Товар в каталоге',
      active: 'Используется',
      note: 'Заметка',
    },
  },
  tier: 'office',
  write: 'record',
  // Composing recipes is a florist's craft (/admin/products is the florists', spec §2); deleting one is a manager's.
  access: { read: 'florist', create: 'florist', update: 'florist', delete: 'manager' },
  fields: z.strictObject({
    name: z.string().trim().min(1, 'Укажите название').max(120, 'Название длиннее 120 символов'),
    /** The article code its catalogue item gets; empty: made from the card's id when first published. */
    art: z.string().regex(/^[A-Z0-9-]{0,32}$/, 'Артикул: заглавная латиница, цифры и дефис').default(''),
    warehouse: reference('warehouse', 'Выберите склад'),
    lines: z.array(techCardLine).min(1, 'Добавьте хотя бы одну строку').max(100, 'Не больше 100 строк в техкарте'),
    markup: z.number().int('Наценка — целые проценты').min(0, 'Наценка не может быть меньше нуля').max(1000, 'Наценка больше 1000 %').default(150),
    /** The price the studio sells it at; 0 while not set (the suggested price is offered). */
    price: roubles.default(0),
    /** The catalogue item's id, written when the card is published; empty before. */
    product: z.string().max(64).default(''),
    active: z.boolean().default(true),
    note: z.string().max(2000, 'Заметка длиннее 2000 символов').default(''),
  }),
  list: { columns: ['name', 'art', 'price', 'markup', 'active'], search: ['name', 'art', 'note'], sort: 'name', filters: ['active'] },
  example: { name: 'Букет «Красные розы»', art: '', warehouse: 'warehouse-cold', lines: [{ flower: 'flower-rose-explorer', qty: 15 }], markup: 150, price: 4500, product: '', active: true, note: '' },
  title: (c) => c.name,
  version: 1,
  merge: lastWriterWins,
});
