let format: Intl.NumberFormat | undefined;

/** Roubles with kopecks where there are any («1 234,5 ₽»): wholesale prices and invoice sums have them. */
export const money = (value: number): string => `${(format ??= new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 })).format(value)} ₽`;
