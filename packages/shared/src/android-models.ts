/**
 * Android Build.MODEL codes → marketing names for the phones Chinese stores lease, by brand (the brand
 * itself is said by androidBrandLabel). Only codes whose name is certain are listed; an unknown code is
 * shown as the phone reported it. Keys are upper case.
 */
export const ANDROID_MODEL_NAMES: Record<string, string> = {
  // 华为
  'BRA-AL00': 'Mate 60',
  'ALN-AL00': 'Mate 60 Pro',
  'OCE-AN10': 'Mate 40',
  'NOH-AN00': 'Mate 40 Pro',
  'NOH-AN01': 'Mate 40 Pro',
  'NOP-AN00': 'Mate 40 Pro+',
  'TAS-AL00': 'Mate 30',
  'LIO-AL00': 'Mate 30 Pro',
  'LIO-AN00': 'Mate 30 Pro 5G',
  'ANA-AN00': 'P40',
  'ELS-AN00': 'P40 Pro',
  'ABR-AL00': 'P50',
  'JAD-AL50': 'P50 Pro',
  'LNA-AL00': 'P60',
  'MNA-AL00': 'P60 Pro',
  // 小米、红米
  M2011K2C: '11',
  M2102K1C: '11 Ultra',
  '2201123C': '12',
  '2201122C': '12 Pro',
  '2211133C': '13',
  '2210132C': '13 Pro',
  '2304FPN6DC': '13 Ultra',
  '23127PN0CC': '14',
  '23116PN5BC': '14 Pro',
  '23013RK75C': 'K60',
  '22127RK46C': 'K60 Pro',
  '23090RA98C': 'Note 13 Pro',
  // 荣耀
  'ALI-AN00': 'X50',
  // OPPO、一加
  PFEM10: 'Find X5 Pro',
  PHY110: 'Find X7 Ultra',
  PHB110: '11',
  PJD110: '12',
  // vivo
  V2309A: 'X100',
  V2324A: 'X100 Pro',
  // 三星（国行）
  'SM-S9110': 'Galaxy S23',
  'SM-S9160': 'Galaxy S23+',
  'SM-S9180': 'Galaxy S23 Ultra',
  'SM-S9210': 'Galaxy S24',
  'SM-S9260': 'Galaxy S24+',
  'SM-S9280': 'Galaxy S24 Ultra',
  'SM-F9460': 'Galaxy Z Fold5',
  'SM-F7310': 'Galaxy Z Flip5',
};

/** androidModelName is a phone's marketing name, or its model code when the table does not know it. */
export const androidModelName = (model: string) => ANDROID_MODEL_NAMES[model.trim().toUpperCase()] ?? model;
