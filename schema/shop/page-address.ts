import { addressOf } from './address';
import { isSettingPage, slug } from './page';

/** First segments the server answers itself (API, sync, files) or the shop's own screens use. */
const reserved = ['api', 'db', 'img', 'assets', 'admin', 'items', 'product', 'tags', 'search', 'login', 'my', 'qr-login', 'orders', 'icons'];

/**
 * Why a page may not have this address: it is malformed, or a shop route would answer it instead (a page at /login
 * would never be shown). Pages under /flowers/{slug} are the studio's text on a flower's page, and allowed.
 */
export const pageAddressIssue = (key: string): string | undefined => {
  if (!slug.safeParse(key).success) return 'Адрес страницы: латиница, цифры, дефис и /';
  if (isSettingPage(key)) return 'Этот адрес занят настройками магазина: они правятся в своих разделах';
  const first = key.split('/')[0]!;
  const kind = addressOf(`/${key}`)?.kind;
  if (reserved.includes(first) && kind !== 'flower') return `Адрес /${key} занят разделом магазина: выберите другой`;
  if (kind !== 'page' && kind !== 'flower') return `Адрес /${key} занят разделом магазина: выберите другой`;
  return undefined;
};
