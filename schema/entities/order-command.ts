import { z } from 'zod';
import { defineEntity } from '../shared/entity';
import { commandOutcome, orderAction } from '../studio/orders/order-command';

export const orderActionLabels: Record<z.infer<typeof orderAction>['kind'], string> = {
  create: 'Новый заказ',
  status: 'Статус',
  payment: 'Оплата',
  assign: 'Флорист и курьер',
  edit: 'Изменение заказа',
  photo: 'Фото букета',
  'void-payment': 'Отмена оплаты',
  refund: 'Возврат денег',
};

/**
 * A staff member's command on an order (issue 10): made on the device (offline too) and pushed through the office
 * database; the server applies it once (its id is the key) and writes `outcome` into it, which the device pulls and
 * shows on the order. A device only creates one: a command is never changed or deleted by a device.
 */
export const orderCommandEntity = defineEntity({
  type: 'orderCommand',
  path: 'order-commands',
  labels: {
    one: 'Команда по заказу',
    many: 'Команды по заказам',
    create: 'Новая команда',
    fields: { order: 'Заказ', action: 'Действие', follows: 'После команды', outcome: 'Результат' },
  },
  tier: 'office',
  write: 'command',
  access: { read: 'florist', create: 'florist', update: 'florist', delete: null },
  fields: z.strictObject({
    order: z.string().min(1).max(64),
    action: orderAction,
    /**
     * The command its device made just before on the same order, while that one still waited for the server. A device
     * pushes a backlog in batches sent at once, which may land in any order; the server applies this one only after
     * that one is answered (server/orders/command-processor.ts), so steps made offline are applied as they were made.
     */
    follows: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/).optional(),
    /** Written by the server only. */
    outcome: commandOutcome.optional(),
  }),
  list: { columns: ['order'], search: ['order'], sort: 'order' },
  example: { order: 'a1b2c3d4e5f6g7h8', action: { kind: 'status', from: 'new', to: 'confirmed' } },
  title: (c) => `${orderActionLabels[c.action.kind]}: ${c.order}`,
  version: 1,
  // Devices never change a command; what the server wrote (the outcome) is what stands.
  merge: (server) => server.data,
});
