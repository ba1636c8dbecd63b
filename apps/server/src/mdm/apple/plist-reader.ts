/**
 * readXmlPlist is a small strict reader for the XML property lists phones send (check-in and connect bodies).
 * It replaces `plist` + @xmldom on the hottest path of the server (issue 15: 6-11 % of the busy time went to
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

export function readXmlPlist(text: string, maxDepth = 64): ReadValue {
  let i = 0;
  const n = text.length;
  const fail = (what: string): never => {
    throw new ReadError(`${what}（位置 ${i}）`);
  };

  const skipSpace = () => {
    while (i < n && WS.test(text[i])) i += 1;
  };

  /** skipMisc passes whitespace and comments (and, before the root, the declaration and DOCTYPE). */
  const skipMisc = (prolog: boolean) => {
    for (;;) {
      skipSpace();
      if (text.startsWith('<!--', i)) {
        const end = text.indexOf('-->', i + 4);
        if (end < 0) fail('注释未结束');
        i = end + 3;
      } else if (prolog && text.startsWith('<?xml', i)) {
        const end = text.indexOf('?>', i);
        if (end < 0) fail('XML 声明未结束');
        i = end + 2;
      } else if (prolog && text.startsWith('<!DOCTYPE', i)) {
        const end = text.indexOf('>', i);
        if (end < 0) fail('DOCTYPE 未结束');
        // An internal subset ([...]) is where entities would be declared: never accepted.
        if (text.slice(i, end).includes('[')) fail('不允许 DTD 内部子集');
        i = end + 1;
      } else {
        return;
      }
    }
  };

  /** openTag reads `<name ...>` or `<name/>`; only <plist> may carry attributes. */
  const openTag = (): { name: string; empty: boolean } => {
    if (text[i] !== '<') fail('应为标签');
    let j = i + 1;
    while (j < n && /[A-Za-z]/.test(text[j])) j += 1;
    const name = text.slice(i + 1, j);
    if (!name) fail('标签名有误');
    const close = text.indexOf('>', j);
    if (close < 0) fail('标签未结束');
    let inside = text.slice(j, close);
    const empty = inside.endsWith('/');
    if (empty) inside = inside.slice(0, -1);
    if (inside.trim() && name !== 'plist') fail(`标签 <${name}> 不应有属性`);
    if (inside && !WS.test(inside[0])) fail('标签名有误');
    i = close + 1;
    return { name, empty };
  };

  const closeTag = (name: string) => {
    if (!text.startsWith(`</${name}`, i)) fail(`应为 </${name}>`);
    i += name.length + 2;
    skipSpace();
    if (text[i] !== '>') fail(`应为 </${name}>`);
    i += 1;
  };

  /** textUntilClose reads character data (entities decoded, CDATA kept as is) up to the closing tag. */
  const textUntilClose = (name: string, cdata: boolean): string => {
    let out = '';
    for (;;) {
      const lt = text.indexOf('<', i);
      if (lt < 0) fail(`<${name}> 未结束`);
      out += decode(text.slice(i, lt));
      i = lt;
      if (cdata && text.startsWith('<![CDATA[', i)) {
        const end = text.indexOf(']]>', i + 9);
        if (end < 0) fail('CDATA 未结束');
        out += text.slice(i + 9, end);
        i = end + 3;
        continue;
      }
      if (text.startsWith('<!--', i)) {
        const end = text.indexOf('-->', i + 4);
        if (end < 0) fail('注释未结束');
        i = end + 3;
        continue;
      }
      closeTag(name);
      return out.replace(/\r\n?/g, '\n');
    }
  };

  const decode = (raw: string): string => {
    if (!raw.includes('&')) {
      if (raw.includes('>') && raw.includes(']]>')) fail('文本中不允许 ]]>');
      return raw;
    }
    return raw.replace(/&([^;&\s]*);?/g, (whole, ref: string) => {
      if (!whole.endsWith(';')) fail('实体引用有误');
      if (ref.startsWith('#x') || ref.startsWith('#X')) return fromCodePoint(ref.slice(2), 16);
      if (ref.startsWith('#')) return fromCodePoint(ref.slice(1), 10);
      const value = ENTITIES[ref];
      if (value === undefined) fail(`未知实体 &${ref};`);
      return value;
    });
  };

  const fromCodePoint = (digits: string, radix: number): string => {
    if (!digits || !(radix === 16 ? /^[0-9a-fA-F]+$/ : /^\d+$/).test(digits)) fail('字符引用有误');
    const code = Number.parseInt(digits, radix);
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) fail('字符引用有误');
    return String.fromCodePoint(code);
  };

  const value = (depth: number): ReadValue => {
    if (depth > maxDepth) fail('嵌套过深');
    const { name, empty } = openTag();
    switch (name) {
      case 'dict': {
        const dict: { [key: string]: ReadValue } = {};
        if (empty) return dict;
        for (;;) {
          skipMisc(false);
          if (text.startsWith('</', i)) {
            closeTag('dict');
            return dict;
          }
          const key = openTag();
          if (key.name !== 'key') fail('dict 中应为 <key>');
          const k = key.empty ? '' : textUntilClose('key', false);
          // A `__proto__` key would reach the object's prototype (CVE-2022-22912 in the plist package).
          if (k === '__proto__') fail('不允许 __proto__ 键');
          skipMisc(false);
          if (text.startsWith('</', i)) fail(`键 ${k} 缺少值`);
          const v = value(depth + 1);
          dict[k] = v;
        }
      }
      case 'array': {
        const list: ReadValue[] = [];
        if (empty) return list;
        for (;;) {
          skipMisc(false);
          if (text.startsWith('</', i)) {
            closeTag('array');
            return list;
          }
          list.push(value(depth + 1));
        }
      }
      case 'string':
        return empty ? '' : textUntilClose('string', true);
      case 'key':
        return fail('<key> 只能出现在 dict 中');
      case 'true':
      case 'false':
        if (!empty) closeTag(name);
        return name === 'true';
      case 'integer': {
        const t = empty ? '' : textUntilClose('integer', false).trim();
        if (!INTEGER.test(t)) fail('整数格式有误');
        const num = Number(t);
        if (!Number.isFinite(num)) fail('整数格式有误');
        return num;
      }
      case 'real': {
        const t = empty ? '' : textUntilClose('real', false).trim();
        if (!REAL.test(t)) fail('实数格式有误');
        const num = Number(t);
        if (!Number.isFinite(num)) fail('实数格式有误');
        return num;
      }
      case 'date': {
        const t = empty ? '' : textUntilClose('date', false).trim();
        const date = new Date(t);
        if (!t || Number.isNaN(date.getTime())) fail('日期格式有误');
        return date;
      }
      case 'data': {
        const t = empty ? '' : textUntilClose('data', false).replace(/\s+/g, '');
        const bare = t.replace(/=+$/, '');
        if (!BASE64.test(t) || bare.length % 4 === 1 || (t.length !== bare.length && t.length % 4 !== 0)) fail('base64 格式有误');
        return Buffer.from(t, 'base64');
      }
      default:
        return fail(`不支持的标签 <${name}>`);
    }
  };

  skipMisc(true);
  const root = openTag();
  if (root.name !== 'plist') fail('根元素应为 <plist>');
  const items: ReadValue[] = [];
  if (!root.empty) {
    for (;;) {
      skipMisc(false);
      if (text.startsWith('</', i)) {
        closeTag('plist');
        break;
      }
      items.push(value(1));
    }
  }
  skipMisc(false);
  if (i !== n) fail('</plist> 之后还有内容');
  // As the plist package does: one value is the document, none or several an array.
  return items.length === 1 ? items[0] : items;
}
