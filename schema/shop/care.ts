import type { ItemCategory } from './category';
import type { Product } from './product';

const cutFlowers = 'Подрежьте стебли на 2 см под углом, поставьте в прохладную воду и меняйте её каждые два дня. Держите вдали от батарей и фруктов.';
const onSponge = 'Цветы стоят на флористической губке: подливайте в неё немного воды раз в день и не ставьте композицию на солнце или у батареи.';

/** How to look after what was bought, by shelf; nothing for things that need no care. */
export const categoryCare: Record<ItemCategory, string | null> = {
  authors: cutFlowers,
  monobouquets: cutFlowers,
  premium: cutFlowers,
  flowersbypiece: cutFlowers,
  complex: cutFlowers,
  baskets: onSponge,
  boxes: onSponge,
  woodbox: onSponge,
  potted: 'Светлое место без прямого солнца. Поливайте, когда верхний слой земли подсохнет, лишнюю воду из поддона сливайте. Памятку по этому растению приложим к заказу.',
  dried: 'Воды не нужно. Берегите от прямого солнца и влаги, пыль сдувайте феном в холодном режиме.',
  vases: 'Мойте тёплой водой с мягким средством; перед тем как ставить цветы, ополосните вазу, чтобы вода дольше оставалась чистой.',
  toys: null,
  paintings: null,
};

/** The care a product page shows («Уход»): the item's own, else its category's, else none. */
export const careOf = (item: Pick<Product, 'category' | 'care'>): string | null => item.care || categoryCare[item.category];
