/**
 * A URL-safe random id for documents made on the device. It never starts with `-` or `_`: the server's /db
 * (like CouchDB, which reserves `_`) refuses such a document id, and the device would lose the record on the refusal.
 */
export const randomId = (bytes = 12): string =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(bytes))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
    .replace(/^[-_]/, (c) => (c === '-' ? 'x' : 'y'));
