const SERIAL_RE = /^[A-Z0-9]{10,14}$/;

export interface ParsedSerials {
  /** Valid serials, uppercased, in input order, without repeats. */
  serials: string[];
  /** Entries that are not 10-14 letters or digits, as typed. */
  invalid: string[];
}

/** parseSerials reads the register dialog's textarea: one serial a line, or separated by commas or spaces. */
export function parseSerials(text: string): ParsedSerials {
  const serials: string[] = [];
  const invalid: string[] = [];
  for (const entry of text.split(/[\s,，;；、]+/)) {
    if (!entry) continue;
    const serial = entry.toUpperCase();
    if (!SERIAL_RE.test(serial)) invalid.push(entry);
    else if (!serials.includes(serial)) serials.push(serial);
  }
  return { serials, invalid };
}
