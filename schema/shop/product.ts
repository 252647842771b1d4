import { z } from 'zod';
import { itemCategory } from './category';
import { shopImagePath } from '../shared/image-path';
import { roubles } from '../shared/money';

const productImage = z.strictObject({ url: shopImagePath(z.string().min(1).max(500)) });

/** A catalogue item: bouquet, plant, vase, gift. `art` is the article code shown to customers. */
export const product = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,64}$/, 'Идентификатор товара: латиница, цифры и дефис'),
  art: z.string().regex(/^[A-Z0-9-]{1,32}$/, 'Артикул: заглавная латиница, цифры и дефис'),
  name: z.string().trim().min(1, 'Укажите название').max(200, 'Название длиннее 200 символов'),
  description: z.string().max(5000).default(''),
  composition: z.string().max(2000).default(''),
  /** How to look after this item («Уход»); none or empty: the storefront shows its category's (`careOf`, schema/shop/care.ts). */
  care: z.string().trim().max(2000, 'Уход длиннее 2000 символов').optional(),
  images: z.array(productImage).max(20),
  price: roubles.min(1, 'Укажите цену'),
  discountPrice: roubles.optional(),
  /** Units in stock. */
  count: z.number().int().min(0),
  category: itemCategory,
  itemType: z.enum(['bouquet', 'plant', 'vase', 'gift', 'flower']),
  tags: z.array(z.string().max(40)).max(30).default([]),
  shownOn: z.array(z.string().max(40)).max(10).default([]),
  isActive: z.boolean().default(true),
  isHidden: z.boolean().default(false),
  sizable: z.boolean().default(false),
  /** Bestseller rank; lower is more popular. */
  rank: z.number().int().min(0).default(1000),
  updatedAt: z.number().int().min(0),
});
export type Product = z.infer<typeof product>;

/**
 * What staff send to /api/items/update: the server fills id (on create) and a new updatedAt. An editor sends the
 * updatedAt it read: if the item changed since (a sale took a unit), the server refuses rather than undo it.
 */
export const productInput = product.extend({ id: product.shape.id.optional(), updatedAt: product.shape.updatedAt.optional() });
export type ProductInput = z.infer<typeof productInput>;

/** The price a customer pays for one unit before the size factor. */
export const unitPrice = (p: { price: number; discountPrice?: number }): number => p.discountPrice || p.price;
