/**
 * Masking of hirers' and clerks' personal data wherever it is shown without a logged full view (PIPL):
 * one rule per kind of value, shared by the server's DTOs and the console.
 */

/** maskPhone keeps the first 3 and last 4 digits: 138****5678; short numbers show nothing but stars. */
export function maskPhone(phone: string): string {
  if (!phone) return '';
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

/** maskIdCard keeps the first 3 and last 4 characters: 110***********002X (short numbers keep less). */
export function maskIdCard(id: string): string {
  if (id.length <= 4) return `${id.slice(0, 1)}${'*'.repeat(Math.max(id.length - 1, 0))}`;
  const head = id.length >= 10 ? 3 : 1;
  const tail = id.length >= 10 ? 4 : 1;
  return `${id.slice(0, head)}${'*'.repeat(id.length - head - tail)}${id.slice(-tail)}`;
}

/** maskName keeps the family name's first character: 张*, 欧阳**; counts characters, not UTF-16 units. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return '';
  return `${chars[0]}${'*'.repeat(Math.max(chars.length - 1, 1))}`;
}
