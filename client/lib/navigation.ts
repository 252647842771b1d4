const scriptScheme = /^\s*(javascript|vbscript|data):/i;

/**
 * Spec §8: where the shop may send a visitor. A script-type scheme never; another site only when the caller
 * says so. Answers the path to navigate to (or the full address of an allowed other site); throws otherwise.
 */
export const checkedTarget = (to: string, origin: string, { external = false } = {}): string => {
  if (scriptScheme.test(to)) throw new Error(`Недопустимая ссылка: ${to}`);
  const url = new URL(to, origin);
  if (url.origin === origin) return `${url.pathname}${url.search}${url.hash}`;
  if (!external) throw new Error(`Переход на внешний адрес без разрешения: ${url.origin}`);
  return url.href;
};
