/** A count as the shopper typed it, read without changing it: a whole number from 1 to `most`, or why not. */
type Quantity = { count: number; error?: undefined } | { count?: undefined; error: string };

export const readQuantity = (typed: string, most: number): Quantity => {
  const text = typed.trim();
  if (!text) return { error: 'Укажите количество' };
  if (!/^\d+$/.test(text) || Number(text) < 1) return { error: 'Количество — целое число, от 1' };
  const count = Number(text);
  if (count > most) return { error: `Можно заказать не больше ${most} шт.` };
  return { count };
};
