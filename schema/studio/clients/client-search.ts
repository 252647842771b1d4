/**
 * How the clients list is searched (issue 32, item 2; DECISIONS «The clients list reads an index»): a card is found by
 * the beginning of any word of its name or email, and by any run of three or more digits of any of its phones, however
 * typed (`+7 (900) 123-45-67`, `8 900 123…`, `123 45`). Every word of the search must be found on the card.
 *
 * The server keeps each card's tokens in its index of the admin database (server/clients/client-index.ts).
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

/**
 * The words a search asks for, each the beginning of a card's token. A search made only of digits and a phone's
 * marks is one run of digits (a leading 8 of a full Russian number read as 7); a word said twice is asked once; an
 * empty list finds nothing.
 */
export const searchWords = (search: string): string[] => {
  if (/^[\d\s()+\-.]+$/.test(search)) {
    const digits = search.replace(/\D/g, '');
    if (digits.length < minPhoneDigits) return words(search);
    return [digits.length === 11 && digits.startsWith('8') ? `7${digits.slice(1)}` : digits];
  }
  return [...new Set(words(search))];
};
