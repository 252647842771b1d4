import type { Cart } from '../../../schema/shop/cart';
import { draftLimitIssues, openSlots, orderDraft } from '../../../schema/studio/orders/order';
import { defaultShopSettings, type ShopSettings } from '../../../schema/studio/site/shop-settings';
import { draftFrom, type CheckoutForm } from './checkout-form';

/** Messages beside the fields, by path ('sender.phone', 'delivery.address'); 'form' is the server's refusal. */
export type FormErrors = Record<string, string>;

/** The first message of each field. */
const fieldErrors = (issues: { path: PropertyKey[] | string; message: string }[]): FormErrors => {
  const out: FormErrors = {};
  for (const i of issues) {
    const path = Array.isArray(i.path) ? i.path.join('.') : String(i.path);
    // A line's issue (too many of one bouquet) is said under the form: the cart's lines have no fields here.
    out[path.startsWith('lines') ? 'lines' : path] ??= i.message;
  }
  return out;
};

/** What is wrong with the form now, as the submit would say it, by the shop's settings as the device holds them. */
export const checkForm = (form: CheckoutForm, lines: Cart['cart'], settings: ShopSettings = defaultShopSettings): FormErrors => {
  const parsed = orderDraft.safeParse(draftFrom(form, lines));
  // The server's limits too (too many of one bouquet, a day past the booking window), said before sending.
  const errors = fieldErrors(parsed.success ? draftLimitIssues(parsed.data, new Date(), settings) : parsed.error.issues);
  if (form.slot && !errors.slot && !openSlots(form.date, new Date(), settings).some((s) => s === form.slot)) errors.slot = 'Это время уже недоступно, выберите другое';
  return errors;
};

/**
 * After an edit: a shown message goes as soon as its field is right (or changes to what is still wrong with it);
 * fields the customer has not been told about yet stay quiet until the next submit. The server's refusal stays
 * until the form is sent again.
 */
export const errorsAfterEdit = (shown: FormErrors, form: CheckoutForm, lines: Cart['cart'], settings: ShopSettings = defaultShopSettings): FormErrors => {
  if (!Object.keys(shown).length) return shown;
  const now = checkForm(form, lines, settings);
  const out: FormErrors = {};
  for (const path of Object.keys(shown)) {
    const message = path === 'form' ? shown.form : now[path];
    if (message) out[path] = message;
  }
  return out;
};
