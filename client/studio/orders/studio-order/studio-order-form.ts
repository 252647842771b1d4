import { lineSum } from '../../../../schema/shop/cart';
import type { LetterSize } from '../../../../schema/shop/size';
import { priceFactorOf } from '../../../../schema/shop/size';
import { deliveryCost, deliverySlots, slotsOfDay, type DeliverySlot } from '../../../../schema/studio/orders/order';
import { defaultShopSettings, slotEnd, type ShopSettings } from '../../../../schema/studio/site/shop-settings';
import { moscowMinutes, nextDay, today } from '../../../../schema/shared/day';
import { isCounterSale, studioOrderDraft, type OrderAction, type StudioOrderDraft } from '../../../../schema/studio/orders/order-command';
import { unitPrice, type Product } from '../../../../schema/shop/product';

/**
 * «Новый заказ»: what a manager types while a customer is on the phone or at the counter, as typed (phones with
 * their mask), and the command it becomes. Prices here are only a preview for the conversation: the server prices
 * the draft from the catalogue (DECISIONS.md «Studio orders»).
 */
type StudioSource = StudioOrderDraft['source'];

interface StudioLine {
  id: string;
  count: number;
  letterSize?: LetterSize;
  /** Picked for «букет на сумму»: the budget the customer named, said to the florist in the comment. */
  budget?: number;
}

export interface StudioForm {
  /** Made when the form opens: the order's id, so sending the same form twice makes one order. */
  draftId: string;
  source: StudioSource;
  customer: { name: string; phone: string };
  /** The customer is the recipient (a bouquet taken for themselves, picked up at the counter). */
  selfRecipient: boolean;
  recipient: { name: string; phone: string };
  lines: StudioLine[];
  method: 'courier' | 'pickup';
  address: string;
  date: string;
  slot: string;
  postcard: string;
  anonymous: boolean;
  comment: string;
  /** How the customer will pay (the draft's intent)… */
  payment: 'cash' | 'card';
  /** …and whether they have paid already (at the counter, by transfer): then a payment command follows the order. */
  paidNow: boolean;
  paidMethod: 'cash' | 'card' | 'transfer';
}

/**
 * The slots a studio order may take: the site's two-hour lead time is the customer's promise, not the studio's (a
 * showcase bouquet leaves the counter now), so today offers every slot not over yet; a past day, or a day the studio
 * closed (the settings' closedDays, as the checkout), offers none, and `noSlotReason` says why.
 */
export const studioSlots = (date: string, now = new Date(), settings: Pick<ShopSettings, 'slots' | 'closedDays'> = defaultShopSettings): DeliverySlot[] => {
  const t = today(now);
  if (settings.closedDays.includes(date)) return [];
  if (date !== t) return date > t ? slotsOfDay(settings) : [];
  return slotsOfDay(settings).filter((s) => slotEnd(s) > moscowMinutes(now));
};

/** Today while a slot of it is still open, else tomorrow. */
export const firstStudioDay = (now = new Date()): string => (studioSlots(today(now), now).length ? today(now) : nextDay(today(now)));

export const blankStudioForm = (draftId: string, now = new Date()): StudioForm => ({
  draftId,
  source: 'phone',
  customer: { name: '', phone: '' },
  selfRecipient: false,
  recipient: { name: '', phone: '' },
  lines: [],
  method: 'courier',
  address: '',
  date: firstStudioDay(now),
  slot: '',
  postcard: '',
  anonymous: false,
  comment: '',
  payment: 'cash',
  paidNow: false,
  paidMethod: 'cash',
});

/**
 * A counter sale (DECISIONS.md «Counter sale»): bouquets from the showcase, taken away now and paid now: source
 * «Витрина», pickup, today in the slot under way, the customer is the recipient. A florist may record one. Its slot
 * is when it was sold, not a promise: one already over is no reason to refuse it.
 */
export const blankCounterSale = (draftId: string, now = new Date()): StudioForm => ({
  ...blankStudioForm(draftId, now),
  source: 'showcase',
  selfRecipient: true,
  method: 'pickup',
  date: today(now),
  // The slot under way; after the studio's last slot a late sale still belongs to today, in its last slot.
  slot: studioSlots(today(now), now)[0] ?? deliverySlots[deliverySlots.length - 1],
  paidNow: true,
});

const budgetNote = (lines: readonly StudioLine[], products: ReadonlyMap<string, Pick<Product, 'name'>>): string =>
  lines
    .filter((l) => l.budget)
    .map((l) => `Букет на сумму ${l.budget} ₽ (как «${products.get(l.id)?.name ?? l.id}»)`)
    .join('; ');

/**
 * The draft the device sends, unparsed: lines without prices, phones as typed (the schema keeps digits), the sender
 * is the customer. A budget bouquet is its standing product's line, and the budget goes to the florist in the comment.
 */
export const studioDraftFrom = (form: StudioForm, products: ReadonlyMap<string, Pick<Product, 'name'>> = new Map()) => {
  const note = budgetNote(form.lines, products);
  return {
    id: form.draftId,
    source: form.source,
    customer: form.customer,
    lines: form.lines.map((l) => ({ id: l.id, count: l.count, ...(l.letterSize ? { letterSize: l.letterSize } : {}) })),
    sender: form.customer,
    recipient: form.selfRecipient ? form.customer : form.recipient,
    delivery: form.method === 'pickup' ? { method: form.method } : { method: form.method, address: form.address },
    date: form.date,
    slot: form.slot || undefined,
    postcard: form.postcard,
    anonymous: form.anonymous,
    comment: [note, form.comment.trim()].filter(Boolean).join('\n'),
    // Paid already: by cash it was cash, by card or transfer the draft's nearest intent is the card.
    payment: form.paidNow ? (form.paidMethod === 'cash' ? 'cash' : 'card') : form.payment,
  };
};

/** Messages beside the fields, by path ('customer.phone', 'delivery.address'); 'lines' under the list of lines. */
export type StudioFormErrors = Record<string, string>;

/**
 * What is wrong with the form now, as the server would say it. The site's limits for customers (units of one
 * product, days ahead) do not apply to the studio, nor does its lead time; a slot already over does.
 */
export const checkStudioForm = (form: StudioForm, now = new Date(), settings: Pick<ShopSettings, 'slots' | 'closedDays'> = defaultShopSettings): StudioFormErrors => {
  const parsed = studioOrderDraft.safeParse(studioDraftFrom(form));
  const errors: StudioFormErrors = {};
  for (const i of parsed.success ? [] : parsed.error.issues) {
    const path = Array.isArray(i.path) ? i.path.join('.') : String(i.path);
    // The sender is the customer (and so is the recipient, when they are one person): said on the customer's fields.
    const asCustomer = path.startsWith('sender') || (form.selfRecipient && path.startsWith('recipient'));
    const key = path.startsWith('lines') ? 'lines' : asCustomer ? path.replace(/^(sender|recipient)/, 'customer') : path;
    errors[key] ??= key === 'lines' && !form.lines.length ? 'Добавьте букет из каталога или букет на сумму' : i.message;
  }
  const counterSale = parsed.success && isCounterSale(parsed.data);
  if (form.slot && !errors.slot && !counterSale && !studioSlots(form.date, now, settings).some((s) => s === form.slot)) errors.slot = 'Это время уже недоступно, выберите другое';
  return errors;
};

/** Where each field's message is, in the words said beside the button. */
const problemPlaces: Record<string, string> = {
  'customer.phone': 'Телефон покупателя',
  'customer.name': 'Имя покупателя',
  lines: 'Состав',
  payment: 'Оплата',
  slot: 'Время',
  date: 'Дата',
};

/** The first of the form's messages, named by its field: what a counter sale's button says when it cannot record the sale. */
export const firstProblem = (errors: StudioFormErrors): string | undefined => {
  const key = Object.keys(problemPlaces).find((k) => errors[k]) ?? Object.keys(errors).find((k) => k !== 'form');
  return key ? `${problemPlaces[key] ?? 'Проверьте поле'}: ${errors[key]}` : undefined;
};

/**
 * The commands the form sends: the order itself, and its payment when the customer has paid already.
 * Both carry the draft's id as the order; the server applies them in the order they were written.
 */
export const studioCommands = (draft: StudioOrderDraft, form: Pick<StudioForm, 'paidNow' | 'paidMethod'>): OrderAction[] => [
  { kind: 'create', draft },
  ...(form.paidNow ? [{ kind: 'payment' as const, status: 'paid' as const, method: form.paidMethod }] : []),
];

/** Adds a product's line (or one more of it): the same product and size stay one line. */
export const addLine = (lines: readonly StudioLine[], line: StudioLine): StudioLine[] => {
  const same = lines.findIndex((l) => l.id === line.id && l.letterSize === line.letterSize && !l.budget && !line.budget);
  if (same < 0) return [...lines, line];
  return lines.map((l, i) => (i === same ? { ...l, count: Math.min(999, l.count + line.count) } : l));
};

/** The preview the manager says on the phone: goods by catalogue price and size, delivery by the site's rule and settings. */
export const previewTotal = (form: Pick<StudioForm, 'lines' | 'method'>, products: ReadonlyMap<string, Pick<Product, 'price' | 'discountPrice'>>, settings: Pick<ShopSettings, 'deliveryPrice' | 'freeDeliveryFrom'> = defaultShopSettings) => {
  const goods = form.lines.reduce((sum, l) => {
    const p = products.get(l.id);
    return p ? sum + lineSum({ price: p.price, discountPrice: p.discountPrice, priceFactor: priceFactorOf(l.letterSize), count: l.count }) : sum;
  }, 0);
  const delivery = deliveryCost(form.method, goods, settings);
  return { goods, delivery, total: goods + delivery };
};

/**
 * «Букет на сумму»: bouquets on sale whose price fits the budget, the nearest to it first; the chosen one stands for
 * the order's line (DECISIONS.md «Studio orders»). Only bouquets, only in stock.
 */
export const budgetChoices = (products: readonly Product[], budget: number, limit = 6): Product[] =>
  budget > 0
    ? products
        .filter((p) => p.itemType === 'bouquet' && p.isActive && !p.isHidden && p.count > 0 && unitPrice(p) <= budget)
        .sort((a, b) => unitPrice(b) - unitPrice(a) || a.rank - b.rank)
        .slice(0, limit)
    : [];
