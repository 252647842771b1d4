/**
 * How the clients list is searched (issue 32, item 2; DECISIONS «The clients list reads an index»): a card is found by
 * the beginning of any word of its name or email, and by any run of three or more digits of any of its phones, however
 * typed (`+7 (900) 123-45-67`, `8 900 123…`, `123 45`). Every word of the search must be found on the card.
 *
 * The server keeps these tokens in a view of the admin database (server/clients/client-index.ts), whose map function
 * is JavaScript run by the store (PouchDB or CouchDB): `cardTokensSource` is that function's text, and `cardTokens`
 * the same rule in TypeScript; client-search.test.ts runs both on the same cards and wants the same tokens.
 */

/** Lower case, «ё» read as «е», split on anything but letters and digits. */
const words = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[^0-9a-zа-я]+/)
    .filter(Boolean);

/** The shortest run of a phone's digits a search finds it by. */
export const minPhoneDigits = 3;

/** Every ending of a phone's digits at least `minPhoneDigits` long: a prefix of one of them is any run of its digits. */
const phoneEndings = (phone: string): string[] => {
  const digits = phone.replace(/\D/g, '');
  return Array.from({ length: Math.max(0, digits.length - minPhoneDigits + 1) }, (_, i) => digits.slice(i));
};

/** The index's keys of one card: its name's and email's words and its phones' endings, each once. */
export const cardTokens = (data: { name?: unknown; email?: unknown; phone?: unknown; otherPhones?: unknown }): string[] => {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const phones = [text(data.phone), ...text(data.otherPhones).split(/[,;]/)];
  return [...new Set([...words(text(data.name)), ...words(text(data.email)), ...phones.flatMap(phoneEndings)])];
};

/** The same rule as `cardTokens`, as the view's map function (ES5: CouchDB's JavaScript runs it too). */
export const cardTokensSource = `function (doc) {
  if (doc.type !== 'client' || !doc.data) return;
  var text = function (v) { return typeof v === 'string' ? v : ''; };
  var words = function (t) { return t.toLowerCase().replace(/ё/g, 'е').split(/[^0-9a-zа-я]+/).filter(function (w) { return w; }); };
  var seen = {};
  var tokens = words(text(doc.data.name)).concat(words(text(doc.data.email)));
  [text(doc.data.phone)].concat(text(doc.data.otherPhones).split(/[,;]/)).forEach(function (p) {
    var digits = p.replace(/\\D/g, '');
    for (var i = 0; i + ${minPhoneDigits} <= digits.length; i++) tokens.push(digits.slice(i));
  });
  tokens.forEach(function (t) { if (!seen[t]) { seen[t] = true; emit(t, null); } });
}`;

/**
 * The words a search asks for, each the beginning of a card's token. A search made only of digits and a phone's
 * marks is one run of digits (a leading 8 of a full Russian number read as 7); an empty list finds nothing.
 */
export const searchWords = (search: string): string[] => {
  if (/^[\d\s()+\-.]+$/.test(search)) {
    const digits = search.replace(/\D/g, '');
    if (digits.length < minPhoneDigits) return words(search);
    return [digits.length === 11 && digits.startsWith('8') ? `7${digits.slice(1)}` : digits];
  }
  return words(search);
};
