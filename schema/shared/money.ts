import { z } from 'zod';

/** Whole roubles. Kopecks are not used anywhere in the shop. */
export const roubles = z.number().int('Сумма должна быть целым числом рублей').min(0, 'Сумма не может быть отрицательной').max(10_000_000, 'Слишком большая сумма');

// Made at the first price shown, not when the module loads: the first Intl formatter loads the locale's data (tens of
// milliseconds on a slow phone), which then falls into hydration, done in slices, instead of the start-up script.
let rub: Intl.NumberFormat | undefined;
const roublesFormat = () => (rub ??= new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 }));

/** "1 234 ₽" */
export const formatRoubles = (value: number): string => `${roublesFormat().format(value)} ₽`;

/** "1 234" — for places where the ₽ sign is printed by the template (e.g. 'Итого: {total} ₽'). */
export const formatNumber = (value: number): string => roublesFormat().format(value);
