/** «1 товар», «3 товара», «5 товаров»: a count with its noun in the form Russian gives that number. */
export const countOf = (n: number, [one, few, many]: readonly [string, string, string]): string => {
  const rule = new Intl.PluralRules('ru-RU').select(n);
  return `${n} ${rule === 'one' ? one : rule === 'few' ? few : many}`;
};
