/** PostgreSQL's type id of bytea. */
const BYTEA = 17;

/**
 * pgliteBytea replaces PGlite's own bytea encoding, which runs byte by byte in JavaScript on the event loop:
 * a 5 MB wallpaper took seconds to store (and the whole server waited, issue 30). Hex through Buffer is native.
 * node-postgres already does the same.
 */
export const pgliteBytea = {
  serializers: {
    [BYTEA]: (value: Uint8Array) => `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`,
  },
  parsers: {
    [BYTEA]: (value: string) => Buffer.from(value.slice(2), 'hex'),
  },
};
