import type { ItemCategory } from '../../../schema/category';

const cutFlowers = 'Подрежьте стебли на 2 см под углом, поставьте в прохладную воду и меняйте её каждые два дня. Держите вдали от батарей и фруктов.';
const onSponge = 'Цветы стоят на флористической губке: подливайте в неё немного воды раз в день и не ставьте композицию на солнце или у батареи.';

/** How to look after what was bought, by shelf; nothing for things that need no care. */
export const careOf: Record<ItemCategory, string | null> = {
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
