/**
 * Region codes of Apple part numbers (the letters before "/A" in e.g. MQ8F3CH/A) → where the phone was
 * sold. Stores mostly see mainland, Hong Kong and US phones; the rest are the common grey-market ones.
 */
const REGIONS: Record<string, string> = {
  CH: '中国大陆',
  ZP: '中国香港 / 澳门',
  TA: '中国台湾',
  LL: '美国',
  C: '加拿大',
  J: '日本',
  KH: '韩国',
  ZA: '新加坡',
  MY: '马来西亚',
  TH: '泰国',
  VN: '越南',
  PP: '菲律宾',
  ID: '印度尼西亚',
  HN: '印度',
  X: '澳大利亚 / 新西兰',
  B: '英国 / 爱尔兰',
  D: '德国',
  F: '法国',
  FD: '奥地利 / 瑞士',
  ZD: '欧洲（多国）',
  T: '意大利',
  Y: '西班牙',
  N: '荷兰',
  RU: '俄罗斯',
  AE: '阿联酋',
  AB: '中东地区',
  BR: '巴西',
  LZ: '拉丁美洲',
  E: '墨西哥',
};

/** marketCode reads the region code from a part number or a bare suffix ("MQ8F3CH/A", "CH/A"); null if none. */
export function marketCode(market: string): string | null {
  const m = /([A-Z]{1,2})\/A$/i.exec(market.trim());
  return m ? m[1].toUpperCase() : null;
}

/** marketRegion is the 销售地区 shown for a device's `market`. */
export function marketRegion(market: string): string {
  if (!market.trim()) return '未知';
  const code = marketCode(market);
  if (!code) return `未知（${market}）`;
  return REGIONS[code] ?? `其他地区（${code}/A）`;
}
