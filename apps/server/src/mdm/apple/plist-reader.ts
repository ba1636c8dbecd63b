/**
 * readXmlPlist is a small strict reader for the XML property lists phones send (check-in and connect bodies).
 * It replaces `plist` + @xmldom on the hottest path of the server (6-11 % of the busy time went to
 * building a DOM for a 400-byte Acknowledged). It reads exactly Apple's plist vocabulary — plist, dict, key,
 * array, string, integer, real, true, false, date, data — with comments, an XML declaration and a DOCTYPE
 * without internal subset around it, the five XML entities and character references, and CDATA in strings.
 * Anything else is refused with ReadError (the caller turns it into a 400): DTD entities, unknown tags,
 * stray text, a key without value, bad numbers, dates or base64, nesting deeper than maxDepth.
 */
export class ReadError extends Error {}

export type ReadValue = string | number | boolean | Date | Buffer | ReadValue[] | { [key: string]: ReadValue };

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const INTEGER = /^[+-]?\d+$/;
const REAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const WS = /\s/;

/** isSpace is \s for the characters a plist holds between tags, by char code (a regex per character cost 20 %). */
const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9 || (c > 127 && WS.test(String.fromCharCode(c))) || c === 11 || c === 12;
const isLetter = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const LT = 60;
const GT = 62;
const SLASH = 47;

export function readXmlPlist(text: string, maxDepth = 64): ReadValue {
  return new Reader(text, maxDepth).document();
}

/**
 * Reader walks the text once by index. A class rather than closures: the reader runs on every phone request,
 * and a dozen closures made per call (each named at run time by the build's keepNames) showed in the profile.
 */
class Reader {
  private i = 0;
  private readonly n: number;
  /** Whether the tag openTag read last was self-closing (`<dict/>`). */
  private empty = false;

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {
    this.n = text.length;
  }

  private fail(what: string): never {
    throw new ReadError(`${what}（位置 ${this.i}）`);
  }

  private skipSpace() {
    const { text, n } = this;
    let i = this.i;
    while (i < n && isSpace(text.charCodeAt(i))) i += 1;
    this.i = i;
  }

  /** skipMisc passes whitespace and comments (and, before the root, the declaration and DOCTYPE). */
  private skipMisc(prolog: boolean) {
    const { text } = this;
    for (;;) {
      this.skipSpace();
      if (text.charCodeAt(this.i) !== LT) return;
      if (text.startsWith('<!--', this.i)) {
        const end = text.indexOf('-->', this.i + 4);
        if (end < 0) this.fail('注释未结束');
        this.i = end + 3;
      } else if (prolog && text.startsWith('<?xml', this.i)) {
        const end = text.indexOf('?>', this.i);
        if (end < 0) this.fail('XML 声明未结束');
        this.i = end + 2;
      } else if (prolog && text.startsWith('<!DOCTYPE', this.i)) {
        const end = text.indexOf('>', this.i);
        if (end < 0) this.fail('DOCTYPE 未结束');
        // An internal subset ([...]) is where entities would be declared: never accepted.
        if (text.slice(this.i, end).includes('[')) this.fail('不允许 DTD 内部子集');
        this.i = end + 1;
      } else {
        return;
      }
    }
  }

  /** atClose says whether a closing tag starts here. */
  private atClose() {
    return this.text.charCodeAt(this.i) === LT && this.text.charCodeAt(this.i + 1) === SLASH;
  }

  /** openTag reads `<name ...>` or `<name/>`; only <plist> may carry attributes. Sets `empty`. */
  private openTag(): string {
    const { text, n } = this;
    if (text.charCodeAt(this.i) !== LT) this.fail('应为标签');
    let j = this.i + 1;
    while (j < n && isLetter(text.charCodeAt(j))) j += 1;
    const name = text.slice(this.i + 1, j);
    if (!name) this.fail('标签名有误');
    const close = text.indexOf('>', j);
    if (close < 0) this.fail('标签未结束');
    this.empty = text.charCodeAt(close - 1) === SLASH && close - 1 >= j;
    const insideEnd = this.empty ? close - 1 : close;
    if (insideEnd > j) {
      const inside = text.slice(j, insideEnd);
      if (inside.trim() && name !== 'plist') this.fail(`标签 <${name}> 不应有属性`);
      if (!isSpace(inside.charCodeAt(0))) this.fail('标签名有误');
    }
    this.i = close + 1;
    return name;
  }

  private closeTag(name: string) {
    const { text } = this;
    if (!this.atClose() || !text.startsWith(name, this.i + 2)) this.fail(`应为 </${name}>`);
    this.i += name.length + 2;
    this.skipSpace();
    if (text.charCodeAt(this.i) !== GT) this.fail(`应为 </${name}>`);
    this.i += 1;
  }

  /** textUntilClose reads character data (entities decoded, CDATA kept as is) up to the closing tag. */
  private textUntilClose(name: string, cdata: boolean): string {
    const { text } = this;
    let out = '';
    for (;;) {
      const lt = text.indexOf('<', this.i);
      if (lt < 0) this.fail(`<${name}> 未结束`);
      if (lt > this.i) out += this.decode(text.slice(this.i, lt));
      this.i = lt;
      if (cdata && text.startsWith('<![CDATA[', lt)) {
        const end = text.indexOf(']]>', lt + 9);
        if (end < 0) this.fail('CDATA 未结束');
        out += text.slice(lt + 9, end);
        this.i = end + 3;
        continue;
      }
      if (text.startsWith('<!--', lt)) {
        const end = text.indexOf('-->', lt + 4);
        if (end < 0) this.fail('注释未结束');
        this.i = end + 3;
        continue;
      }
      this.closeTag(name);
      return out.includes('\r') ? out.replace(/\r\n?/g, '\n') : out;
    }
  }

  private decode(raw: string): string {
    if (!raw.includes('&')) {
      if (raw.includes('>') && raw.includes(']]>')) this.fail('文本中不允许 ]]>');
      return raw;
    }
    return raw.replace(/&([^;&\s]*);?/g, (whole, ref: string) => {
      if (!whole.endsWith(';')) this.fail('实体引用有误');
      if (ref.startsWith('#x') || ref.startsWith('#X')) return this.fromCodePoint(ref.slice(2), 16);
      if (ref.startsWith('#')) return this.fromCodePoint(ref.slice(1), 10);
      const value = ENTITIES[ref];
      if (value === undefined) this.fail(`未知实体 &${ref};`);
      return value;
    });
  }

  private fromCodePoint(digits: string, radix: number): string {
    if (!digits || !(radix === 16 ? /^[0-9a-fA-F]+$/ : /^\d+$/).test(digits)) this.fail('字符引用有误');
    const code = Number.parseInt(digits, radix);
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) this.fail('字符引用有误');
    return String.fromCodePoint(code);
  }

  /** scalarText is the trimmed text of a scalar element, '' when it is empty (<integer/>). */
  private scalarText(name: string, empty: boolean): string {
    return empty ? '' : this.textUntilClose(name, false).trim();
  }

  private value(depth: number): ReadValue {
    if (depth > this.maxDepth) this.fail('嵌套过深');
    const name = this.openTag();
    const empty = this.empty;
    switch (name) {
      case 'dict': {
        const dict: { [key: string]: ReadValue } = {};
        if (empty) return dict;
        for (;;) {
          this.skipMisc(false);
          if (this.atClose()) {
            this.closeTag('dict');
            return dict;
          }
          if (this.openTag() !== 'key') this.fail('dict 中应为 <key>');
          const k = this.empty ? '' : this.textUntilClose('key', false);
          // A `__proto__` key would reach the object's prototype (CVE-2022-22912 in the plist package).
          if (k === '__proto__') this.fail('不允许 __proto__ 键');
          this.skipMisc(false);
          if (this.atClose()) this.fail(`键 ${k} 缺少值`);
          dict[k] = this.value(depth + 1);
        }
      }
      case 'array': {
        const list: ReadValue[] = [];
        if (empty) return list;
        for (;;) {
          this.skipMisc(false);
          if (this.atClose()) {
            this.closeTag('array');
            return list;
          }
          list.push(this.value(depth + 1));
        }
      }
      case 'string':
        return empty ? '' : this.textUntilClose('string', true);
      case 'key':
        return this.fail('<key> 只能出现在 dict 中');
      case 'true':
      case 'false':
        if (!empty) this.closeTag(name);
        return name === 'true';
      case 'integer': {
        const t = this.scalarText(name, empty);
        if (!INTEGER.test(t)) this.fail('整数格式有误');
        const num = Number(t);
        if (!Number.isFinite(num)) this.fail('整数格式有误');
        return num;
      }
      case 'real': {
        const t = this.scalarText(name, empty);
        if (!REAL.test(t)) this.fail('实数格式有误');
        const num = Number(t);
        if (!Number.isFinite(num)) this.fail('实数格式有误');
        return num;
      }
      case 'date': {
        const t = this.scalarText(name, empty);
        const date = new Date(t);
        if (!t || Number.isNaN(date.getTime())) this.fail('日期格式有误');
        return date;
      }
      case 'data': {
        const t = empty ? '' : this.textUntilClose('data', false).replace(/\s+/g, '');
        const bare = t.replace(/=+$/, '');
        if (!BASE64.test(t) || bare.length % 4 === 1 || (t.length !== bare.length && t.length % 4 !== 0)) this.fail('base64 格式有误');
        return Buffer.from(t, 'base64');
      }
      default:
        return this.fail(`不支持的标签 <${name}>`);
    }
  }

  document(): ReadValue {
    this.skipMisc(true);
    if (this.openTag() !== 'plist') this.fail('根元素应为 <plist>');
    const items: ReadValue[] = [];
    if (!this.empty) {
      for (;;) {
        this.skipMisc(false);
        if (this.atClose()) {
          this.closeTag('plist');
          break;
        }
        items.push(this.value(1));
      }
    }
    this.skipMisc(false);
    if (this.i !== this.n) this.fail('</plist> 之后还有内容');
    // As the plist package does: one value is the document, none or several an array.
    return items.length === 1 ? items[0] : items;
  }
}
