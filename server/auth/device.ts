import type { QrDevice } from '../../schema/shared/qr-login';

/** Browsers by their User-Agent token, most specific first: Edge, Opera and Yandex Browser also say "Chrome". */
const browsers: [name: string, token: RegExp][] = [
  ['Яндекс Браузер', /YaBrowser\/(\d+)/],
  ['Microsoft Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /SamsungBrowser\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[\d.]* (?:Mobile\/\w+ )?Safari\//],
];

const systems: [name: string, token: RegExp][] = [
  ['Windows', /Windows NT/],
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['macOS', /Mac OS X|Macintosh/],
  ['ChromeOS', /CrOS/],
  ['Linux', /Linux/],
];

/** "Chrome 131" and "Windows" from a User-Agent header; what it cannot tell is said so. */
export const describeUserAgent = (userAgent: string): Pick<QrDevice, 'browser' | 'system'> => {
  const browser = browsers.map(([name, token]) => [name, token.exec(userAgent)?.[1]] as const).find(([, version]) => version);
  const system = systems.find(([, token]) => token.test(userAgent));
  return { browser: browser ? `${browser[0]} ${browser[1]}` : 'неизвестный браузер', system: system ? system[0] : 'неизвестная система' };
};

/** The address as people write it: an IPv4 address without the IPv6-mapped prefix Node gives it. */
export const addressOf = (ip: string | undefined): string => (ip ? ip.replace(/^::ffff:/, '') : 'неизвестен');
