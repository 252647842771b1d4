import { z } from 'zod';

/** Whole roubles. Kopecks are not used anywhere in the shop. */
export const roubles = z.number().int('Сумма должна быть целым числом рублей').min(0, 'Сумма не может быть отрицательной').max(10_000_000, 'Слишком большая сумма');

const rub = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });

/** "1 234 ₽" */
export const formatRoubles = (value: number): string => `${rub.format(value)} ₽`;

/** "1 234" — for places where the ₽ sign is printed by the template (e.g. 'Итого: {total} ₽'). */
export const formatNumber = (value: number): string => rub.format(value);
