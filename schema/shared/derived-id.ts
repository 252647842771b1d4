/** The longest id a record may have (schema/shared/record.ts `officeRecord.id`; CouchDB takes more, our envelope does not). */
export const maxIdLength = 64;

/** A 53-bit hash of a string (cyrb53: pure, the same on the server and every device), in base 36. */
const hash36 = (text: string): string => {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36).padStart(11, '0');
};

/**
 * The id of a record derived from another's id (`asm-{order}`): `prefix` + `id` while that fits in 64 characters,
 * as every id made so far; a longer one keeps the start of `id` and ends with a hash of all of it, so it is always
 * a valid id and two different ids stay two different records.
 *
 *   derivedId('asm-', 'a1b2c3d4e5f6g7h8')  // 'asm-a1b2c3d4e5f6g7h8'
 *   derivedId('asm-', 'x'.repeat(64))      // 'asm-xxx…x_0f3k…' (64 characters)
 */
export const derivedId = (prefix: string, id: string): string => {
  const whole = `${prefix}${id}`;
  if (whole.length <= maxIdLength) return whole;
  const tail = `_${hash36(id)}`;
  return `${prefix}${id.slice(0, maxIdLength - prefix.length - tail.length)}${tail}`;
};
