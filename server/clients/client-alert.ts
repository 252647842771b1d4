import type { Order } from '../../schema/studio/orders/order';
import type { Storage } from '../db/storage';
import { cardOfPhone } from './card-of-phone';

/** The client card's «Важно для каждого заказа» for the customer's phone, any phone of the card; '' when there is no card or no note. */
export const alertOf = async (storage: Storage, phone: string): Promise<string> => (await cardOfPhone(storage, phone))?.data.alert ?? '';

/** An order's staff copy with the client's note as it stands: set, changed or gone. */
export const withAlert = (o: Order, alert: string): Order => {
  const { clientNote: _old, ...rest } = o;
  return alert ? { ...rest, clientNote: alert } : rest;
};
