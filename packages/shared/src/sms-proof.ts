/**
 * The proof of work (hashcash) a public SMS send asks for once an address or a phone has had a code: find a
 * `solution` such that sha256(challenge + solution) starts with `difficulty` zero bits. Server and console share
 * this check so they agree; SHA-256 is written out here because crypto.subtle is missing on consoles served over
 * plain http on a LAN address, and a synchronous hash is faster for ~100-byte inputs than one promise per try.
 */

/** SMS_PROOF_BITS is the difficulty the server asks for: about 2^18 tries, well under a second in a browser. */
export const SMS_PROOF_BITS = 18;

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74,
  0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d,
  0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e,
  0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
  0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const IV = Uint32Array.of(0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19);
const W = new Uint32Array(64);
const H = new Uint32Array(8);

/** compress runs SHA-256's 64 rounds over the block in W[0..15], adding into H. */
function compress() {
  for (let i = 16; i < 64; i++) {
    const w15 = W[i - 15];
    const w2 = W[i - 2];
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[i] = W[i - 16] + s0 + W[i - 7] + s1;
  }
  let a = H[0];
  let b = H[1];
  let c = H[2];
  let d = H[3];
  let e = H[4];
  let f = H[5];
  let g = H[6];
  let h = H[7];
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[i] + W[i]) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  H[0] += a;
  H[1] += b;
  H[2] += c;
  H[3] += d;
  H[4] += e;
  H[5] += f;
  H[6] += g;
  H[7] += h;
}

/** hashBytes pads the first `n` bytes of `bytes` (which has room for the padding) in place and hashes them. */
function hashBytes(bytes: Uint8Array, n: number): Uint32Array {
  const end = (((n + 8) >>> 6) + 1) * 64;
  bytes[n] = 0x80;
  bytes.fill(0, n + 1, end);
  const bits = n * 8;
  for (let i = 0; i < 4; i++) bytes[end - 1 - i] = (bits >>> (8 * i)) & 0xff;
  H.set(IV);
  for (let at = 0; at < end; at += 4) {
    W[(at >>> 2) & 15] = (bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3];
    if ((at & 63) === 60) compress();
  }
  return H;
}

/** asciiBytes copies a string into a buffer with room for the padding; undefined unless it is printable ASCII. */
function asciiBytes(text: string, room = 0): Uint8Array | undefined {
  const bytes = new Uint8Array((((text.length + room + 8) >>> 6) + 1) * 64);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // The hash reads char codes as bytes; anything past ASCII would make the two sides hash different bytes.
    if (code < 0x20 || code > 0x7e) return undefined;
    bytes[i] = code;
  }
  return bytes;
}

/** sha256Words hashes a printable-ASCII string and answers the digest as eight big-endian words. */
export function sha256Words(text: string): Uint32Array {
  const bytes = asciiBytes(text);
  if (!bytes) throw new Error('sha256Words hashes printable ASCII only');
  return hashBytes(bytes, text.length);
}

/** leadingZeroBits counts the zero bits a digest starts with. */
export function leadingZeroBits(words: Uint32Array): number {
  let bits = 0;
  for (const word of words) {
    if (word !== 0) return bits + Math.clz32(word);
    bits += 32;
  }
  return bits;
}

/** smsProofHolds: does sha256(challenge + solution) start with `difficulty` zero bits? Only printable ASCII counts. */
export function smsProofHolds(challenge: string, solution: string, difficulty: number): boolean {
  const text = challenge + solution;
  const bytes = asciiBytes(text);
  return bytes !== undefined && leadingZeroBits(hashBytes(bytes, text.length)) >= difficulty;
}

/**
 * searchSmsProof tries the decimal solutions `from` … `from + count - 1` and answers the first that holds. It writes
 * each candidate's digits into one buffer instead of building strings: the console runs it in slices between
 * paints, so each try must be cheap.
 */
export function searchSmsProof(challenge: string, difficulty: number, from: number, count: number): string | undefined {
  const bytes = asciiBytes(challenge, String(from + count).length);
  if (!bytes) return undefined;
  for (let s = from; s < from + count; s++) {
    const digits = String(s);
    for (let i = 0; i < digits.length; i++) bytes[challenge.length + i] = digits.charCodeAt(i);
    if (leadingZeroBits(hashBytes(bytes, challenge.length + digits.length)) >= difficulty) return digits;
  }
  return undefined;
}
