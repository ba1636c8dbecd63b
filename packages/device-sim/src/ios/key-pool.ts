import { type KeyObject, generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';

const generate = promisify(generateKeyPair);

/** KeyPool hands out pre-generated RSA keys round-robin; each phone still gets its own certificate over SCEP. */
export interface KeyPool {
  readonly size: number;
  next(): KeyObject;
}

/**
 * createKeyPool generates `size` RSA keys on libuv's thread pool (in parallel), so a fleet of thousands pays for a
 * few key generations instead of one per phone.
 */
export async function createKeyPool(size = 8, bits = 2048): Promise<KeyPool> {
  const keys = await Promise.all(Array.from({ length: size }, () => generate('rsa', { modulusLength: bits }).then((pair) => pair.privateKey)));
  let at = 0;
  return {
    size,
    next: () => keys[at++ % keys.length],
  };
}
