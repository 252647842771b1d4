import { clientPhones } from '../../schema/entities/client';
import type { Order } from '../../schema/studio/orders/order';
import { allDocs, upsert, type Stored } from '../db/docs';
import type { Storage } from '../db/storage';
import { fromSynced } from '../db/synced';
import { studioOrdersDb } from '../orders/spread';
import { cardOfPhone } from './card-of-phone';
import { withAlert } from './client-alert';

/**
 * The card's note changed, or another card was merged into it: every staff copy of this client's orders, under any
 * phone of the card (`studio-orders`, what florists' devices pull), carries the card's note. Each copy is rewritten
 * only if its note differs, so repeating it changes nothing.
 */
export const stampAlert = async (storage: Storage, phone: string): Promise<void> => {
  const card = await cardOfPhone(storage, phone);
  const alert = card?.data.alert ?? '';
  const phones = card ? clientPhones(card.data) : [phone];
  const db = storage.db(studioOrdersDb);
  const mine = (await allDocs<Omit<Order, 'id'>>(db)).filter((d) => phones.includes(d.customer) && (d.clientNote ?? '') !== alert);
  for (const doc of mine)
    await upsert<Omit<Order, 'id'>>(db, doc._id, (current: Stored<Omit<Order, 'id'>> | null) => {
      if (!current || (current.clientNote ?? '') === alert) return null;
      const { id: _id, ...rest } = withAlert(fromSynced<Order>(current), alert);
      return rest;
    });
};
