import { deliverySlots, type Order, type OrderStatus } from '../../schema/studio/orders/order';

const statuses: OrderStatus[] = ['new', 'confirmed', 'assembling', 'ready', 'delivering', 'done', 'cancelled'];
const names = ['Анна', 'Ольга', 'Мария', 'Елена', 'Ирина', 'Наталья', 'Светлана', 'Татьяна'];

/**
 * An order as the server stores it, varied by `i`: a fixture for tests and the bench (a studio's orders over many
 * days: the board, the studio's sync). Not used by the app.
 */
export const sampleOrder = (i: number, date: string, over: Partial<Order> = {}): Order => {
  const price = 2500 + (i % 7) * 500;
  const count = 1 + (i % 3);
  const courier = i % 4 !== 0;
  return {
    id: `sample-order-${String(i).padStart(8, '0')}`,
    number: 1000 + i,
    customer: `79${String(100_000_000 + (i % 5000)).padStart(9, '0')}`,
    lines: [{ id: 'p-001', art: 'BQ-001', name: 'Букет «Утренний Прованс»', image: '/api/images/p-001.svg', count, price, priceFactor: 1, sum: price * count }],
    sender: { name: `${names[i % names.length]} Покупатель`, phone: `79${String(100_000_000 + (i % 5000)).padStart(9, '0')}` },
    recipient: { name: `${names[(i + 3) % names.length]} Получатель`, phone: `79${String(200_000_000 + i).padStart(9, '0')}` },
    delivery: courier ? { method: 'courier', address: `Москва, ул. Тверская, д. ${1 + (i % 40)}, кв. ${1 + (i % 90)}` } : { method: 'pickup' },
    date,
    slot: deliverySlots[i % deliverySlots.length],
    postcard: i % 3 === 0 ? 'С днём рождения!' : '',
    anonymous: i % 11 === 0,
    comment: i % 13 === 0 ? 'Срочно! Позвонить получателю заранее' : '',
    payment: i % 2 ? 'card' : 'cash',
    deliveryPrice: courier ? 490 : 0,
    total: price * count + (courier ? 490 : 0),
    status: statuses[i % statuses.length],
    createdAt: 1_760_000_000_000 + i,
    updatedAt: 1_760_000_000_000 + i,
    source: (['site', 'phone', 'showcase', 'marketplace'] as const)[i % 4],
    paid: i % 3 === 0 ? { status: 'paid', method: 'card', amount: price * count } : { status: 'unpaid' },
    ...over,
  };
};
