/**
 * Apple hardware identifiers → marketing names (spec §3 lookup table), for the phones stores lease.
 * Unknown identifiers are shown as they are.
 */
export const APPLE_MODEL_NAMES: Record<string, string> = {
  // Source: github.com/littlebyteorg/appledb deviceFiles/, checked with KHwang9883/MobileModels brands/apple_all.md and devicekit/DeviceKit; read 2026-12-02.
  'iPhone10,1': 'iPhone 8',
  'iPhone10,4': 'iPhone 8',
  'iPhone10,2': 'iPhone 8 Plus',
  'iPhone10,5': 'iPhone 8 Plus',
  'iPhone10,3': 'iPhone X',
  'iPhone10,6': 'iPhone X',
  'iPhone11,2': 'iPhone XS',
  'iPhone11,4': 'iPhone XS Max',
  'iPhone11,6': 'iPhone XS Max',
  'iPhone11,8': 'iPhone XR',
  'iPhone12,1': 'iPhone 11',
  'iPhone12,3': 'iPhone 11 Pro',
  'iPhone12,5': 'iPhone 11 Pro Max',
  'iPhone12,8': 'iPhone SE（第 2 代）',
  'iPhone13,1': 'iPhone 12 mini',
  'iPhone13,2': 'iPhone 12',
  'iPhone13,3': 'iPhone 12 Pro',
  'iPhone13,4': 'iPhone 12 Pro Max',
  'iPhone14,4': 'iPhone 13 mini',
  'iPhone14,5': 'iPhone 13',
  'iPhone14,2': 'iPhone 13 Pro',
  'iPhone14,3': 'iPhone 13 Pro Max',
  'iPhone14,6': 'iPhone SE（第 3 代）',
  'iPhone14,7': 'iPhone 14',
  'iPhone14,8': 'iPhone 14 Plus',
  'iPhone15,2': 'iPhone 14 Pro',
  'iPhone15,3': 'iPhone 14 Pro Max',
  'iPhone15,4': 'iPhone 15',
  'iPhone15,5': 'iPhone 15 Plus',
  'iPhone16,1': 'iPhone 15 Pro',
  'iPhone16,2': 'iPhone 15 Pro Max',
  'iPhone17,3': 'iPhone 16',
  'iPhone17,4': 'iPhone 16 Plus',
  'iPhone17,1': 'iPhone 16 Pro',
  'iPhone17,2': 'iPhone 16 Pro Max',
  'iPhone17,5': 'iPhone 16e',
  'iPhone18,3': 'iPhone 17',
  'iPhone18,4': 'iPhone Air',
  'iPhone18,1': 'iPhone 17 Pro',
  'iPhone18,2': 'iPhone 17 Pro Max',
  'iPhone18,5': 'iPhone 17e',
  'iPad13,18': 'iPad（第 10 代）',
  'iPad13,19': 'iPad（第 10 代）',
  'iPad15,7': 'iPad（A16）',
  'iPad15,8': 'iPad（A16）',
  'iPad14,1': 'iPad mini（第 6 代）',
  'iPad14,2': 'iPad mini（第 6 代）',
  'iPad16,1': 'iPad mini（A17 Pro）',
  'iPad16,2': 'iPad mini（A17 Pro）',
  'iPad13,16': 'iPad Air（第 5 代）',
  'iPad13,17': 'iPad Air（第 5 代）',
  'iPad14,8': 'iPad Air 11 英寸（M2）',
  'iPad14,9': 'iPad Air 11 英寸（M2）',
  'iPad14,10': 'iPad Air 13 英寸（M2）',
  'iPad14,11': 'iPad Air 13 英寸（M2）',
  'iPad15,3': 'iPad Air 11 英寸（M3）',
  'iPad15,4': 'iPad Air 11 英寸（M3）',
  'iPad15,5': 'iPad Air 13 英寸（M3）',
  'iPad15,6': 'iPad Air 13 英寸（M3）',
  'iPad16,8': 'iPad Air 11 英寸（M4）',
  'iPad16,9': 'iPad Air 11 英寸（M4）',
  'iPad16,10': 'iPad Air 13 英寸（M4）',
  'iPad16,11': 'iPad Air 13 英寸（M4）',
  'iPad16,3': 'iPad Pro 11 英寸（M4）',
  'iPad16,4': 'iPad Pro 11 英寸（M4）',
  'iPad16,5': 'iPad Pro 13 英寸（M4）',
  'iPad16,6': 'iPad Pro 13 英寸（M4）',
  'iPad17,1': 'iPad Pro 11 英寸（M5）',
  'iPad17,2': 'iPad Pro 11 英寸（M5）',
};

/**
 * appleModelName is the marketing name of a hardware identifier, or the identifier as the device reported it
 * when the table has no (non-empty) name for it — never blank for a present identifier, and never an
 * Object.prototype member such as 'constructor'.
 */
export const appleModelName = (identifier: string) => {
  const key = identifier.trim();
  return (Object.hasOwn(APPLE_MODEL_NAMES, key) && APPLE_MODEL_NAMES[key]) || identifier;
};

/** Apple's colour names (uppercase English) → Chinese labels. */
export const APPLE_COLOR_LABELS: Record<string, string> = {
  BLACK: '黑色',
  WHITE: '白色',
  RED: '红色',
  BLUE: '蓝色',
  GREEN: '绿色',
  PINK: '粉色',
  YELLOW: '黄色',
  PURPLE: '紫色',
  MIDNIGHT: '午夜色',
  STARLIGHT: '星光色',
  'SPACE GRAY': '深空灰色',
  'SPACE BLACK': '深空黑色',
  SILVER: '银色',
  GOLD: '金色',
  'ROSE GOLD': '玫瑰金色',
  GRAPHITE: '石墨色',
  'SIERRA BLUE': '远峰蓝色',
  'ALPINE GREEN': '苍岭绿色',
  'DEEP PURPLE': '暗紫色',
  'BLACK TITANIUM': '黑色钛金属',
  'WHITE TITANIUM': '白色钛金属',
  'BLUE TITANIUM': '蓝色钛金属',
  'NATURAL TITANIUM': '原色钛金属',
  'DESERT TITANIUM': '沙漠色钛金属',
  ULTRAMARINE: '群青色',
  TEAL: '深青色',
  'COSMIC ORANGE': '星宇橙色',
  'DEEP BLUE': '深蓝色',
  LAVENDER: '薰衣草紫色',
  SAGE: '鼠尾草绿色',
  'MIST BLUE': '青雾蓝色',
  'SKY BLUE': '天蓝色',
  'LIGHT GOLD': '浅金色',
  'CLOUD WHITE': '云白色',
};

export const appleColorLabel = (name: string) => {
  const key = name.trim().toUpperCase();
  return (Object.hasOwn(APPLE_COLOR_LABELS, key) && APPLE_COLOR_LABELS[key]) || name;
};
