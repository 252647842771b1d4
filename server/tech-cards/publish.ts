import crypto from 'node:crypto';
import { Router } from 'express';
import { can } from '../../schema/shared/access';
import { techCard } from '../../schema/entities/tech-card';
import { derivedFields, recordData, type OfficeRecord } from '../../schema/shared/record';
import { recipeBookOf } from '../../schema/studio/stock/recipe-book';
import { balanceBookOf } from '../../schema/shared/record-moves';
import { bouquetsFromStems, compositionText, stemsCost, stemsOf, suggestedPrice } from '../../schema/studio/stock/tech-card';
import type { ItemService } from '../catalog/item-service';
import { publishBouquet } from '../catalog/publish-bouquet';
import type { Shop } from '../context';
import { HttpError, notFound } from '../http/errors';
import { route } from '../http/route';
import { deniedReason } from '../records/record-service';
import { tierStore } from '../records/tier-store';
import { officeRecords } from './recipe-book';

/** The catalogue item a card is first published as, and its article code: from the card's id, so publishing twice makes one. */
const digest = (cardId: string) => crypto.createHash('sha256').update(cardId).digest('hex');
const itemIdOf = (cardId: string) => `b-${digest(cardId).slice(0, 12)}`;
const artOf = (cardId: string) => `B-${digest(cardId).slice(0, 8).toUpperCase()}`;

/**
 * «Опубликовать» on a tech card (POST /api/products/publish {id}): makes or updates its catalogue item — name, price
 * (the price set, else the suggested one), composition from the recipe — and writes the item's id, article code and
 * price back into the card. Online: the catalogue is the server's to write. A new item starts with as many bouquets
 * as the stems on hand make (DECISIONS «Bouquets by tech card»).
 */
export const techCardsApi = (shop: Shop, items: ItemService): Router => {
  const api = Router();
  const records = tierStore(shop.storage);

  route(api, 'POST /api/products/publish', async ({ body, res }) => {
    const { id } = body;
    const user = res.locals.user!;
    const found = await records.get('office', techCard.type, id);
    if (!found) throw notFound('Техкарта ещё не дошла до сервера: дождитесь синхронизации и повторите');
    if (!can(user, 'update', techCard, found)) throw new HttpError(403, deniedReason(techCard, 'update'));
    const card = recordData(techCard, found);
    if (!card) throw new HttpError(409, 'Техкарту сохранила более новая версия приложения: обновите страницу');
    const office = await officeRecords(shop.storage.db('office'));
    const book = recipeBookOf(office);
    const stems = stemsOf(card, book.cards);
    const price = card.price || suggestedPrice(stemsCost(stems, book.prices).cost, card.markup);
    if (price < 1) throw new HttpError(400, 'Укажите цену продажи: у цветов этой техкарты ещё нет закупочных цен');
    const balances = balanceBookOf(office);
    const item = await publishBouquet(items, {
      id: card.product || itemIdOf(found.id),
      art: card.art || artOf(found.id),
      name: card.name,
      price,
      composition: compositionText(stems, book.flowers),
      count: bouquetsFromStems(stems, (flower) => balances.balance(flower, card.warehouse)),
    });
    const data = { ...card, product: item.id, art: item.art, price };
    if (JSON.stringify(data) !== JSON.stringify(card)) {
      const record: OfficeRecord = { ...found, ...derivedFields(techCard, data), updatedAt: Math.max(Date.now(), found.updatedAt + 1), updatedBy: user.phone, data };
      // Changed meanwhile (an edit pushed a moment ago): the item stands, and publishing again writes its id into the card.
      if ((await records.put('office', record, found.updatedAt)) !== 'ok') throw new HttpError(409, 'Техкарту успели изменить: товар обновлён, опубликуйте ещё раз');
    }
    return { data: item };
  });
  return api;
};
