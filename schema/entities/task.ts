import { z } from 'zod';
import { day } from '../shared/day';
import { defineEntity } from '../shared/entity';

const taskStatuses = [
  { id: 'todo', label: 'Надо сделать' },
  { id: 'doing', label: 'В работе' },
  { id: 'done', label: 'Готово' },
] as const;
const taskStatus = z.enum(['todo', 'doing', 'done']);
type TaskStatus = z.infer<typeof taskStatus>;

const furthest = (a: TaskStatus, b: TaskStatus): TaskStatus => (taskStatus.options.indexOf(a) >= taskStatus.options.indexOf(b) ? a : b);

/** A studio task: a florist ticks it off on the device, online or not. */
export const task = defineEntity({
  type: 'task',
  path: 'tasks',
  labels: {
    one: 'Задача',
    many: 'Задачи',
    create: 'Новая задача',
    fields: { title: 'Задача', assignee: 'Кто делает', due: 'Срок', dueTime: 'Время', status: 'Статус', orderId: 'Заказ', note: 'Заметка' },
    values: { status: Object.fromEntries(taskStatuses.map((s) => [s.id, s.label])) },
  },
  tier: 'office',
  write: 'record',
  // Any staff member creates and ticks tasks; a task is deleted by a manager or by whoever set it.
  access: { read: 'florist', create: 'florist', update: 'florist', delete: 'manager', own: ['delete'] },
  fields: z.strictObject({
    title: z.string().trim().min(1, 'Опишите задачу').max(200, 'Задача длиннее 200 символов'),
    /** Phone of the staff member (7 and ten digits); empty: anyone on shift. Marked `staff`: screens name and pick them by name. */
    assignee: z.union([z.literal(''), z.string().regex(/^7\d{10}$/, 'Выберите сотрудника')]).meta({ staff: true }).default(''),
    due: day.optional(),
    dueTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Время в формате ЧЧ:ММ').optional(),
    status: taskStatus.default('todo'),
    orderId: z.string().max(64).optional(),
    note: z.string().max(2000, 'Заметка длиннее 2000 символов').default(''),
  }),
  list: { columns: ['title', 'assignee', 'due', 'dueTime', 'status'], search: ['title', 'note'], sort: 'due', filters: ['status'] },
  example: { title: 'Собрать букет к 15:00', due: '2026-12-01', dueTime: '15:00', status: 'todo', note: '' },
  title: (t) => t.title,
  day: (t) => t.due,
  version: 1,
  // A task once done stays done, whoever ticked it; the other fields are the later change's.
  merge: (server, mine) => {
    const later = mine.updatedAt > server.updatedAt ? mine.data : server.data;
    return { ...later, status: furthest(server.data.status, mine.data.status) };
  },
});
