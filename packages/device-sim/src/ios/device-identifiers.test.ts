import { describe, expect, it } from 'vitest';
import { IPHONE_MODELS } from './device-catalog.ts';
import {
  isLuhnValid,
  luhnCheckDigit,
  randomBypassCode,
  randomIccid,
  randomImei,
  randomPhoneNumber,
  randomSerialNumber,
  randomUdid,
} from './device-identifiers.ts';

describe('device identifiers', () => {
  it('computes the Luhn check digit of known IMEIs', () => {
    expect(luhnCheckDigit('49015420323751')).toBe('8');
    expect(isLuhnValid('490154203237518')).toBe(true);
    expect(isLuhnValid('490154203237517')).toBe(false);
  });

  it('draws identifiers in the formats Apple and the carriers use', () => {
    for (let i = 0; i < 200; i++) {
      const model = IPHONE_MODELS[i % IPHONE_MODELS.length];
      const imei = randomImei(model.typeAllocationCode);
      expect(imei.startsWith(model.typeAllocationCode) && imei.length === 15 && isLuhnValid(imei)).toBe(true);
      expect(randomSerialNumber()).toMatch(/^F2L[0-9A-HJ-NP-Z]{9}$/);
      expect(randomUdid(model.chipId)).toMatch(new RegExp(`^0000${model.chipId}-[0-9A-F]{16}$`));
      const iccid = randomIccid('CTCC');
      expect(iccid.startsWith('898611') && iccid.length === 20 && isLuhnValid(iccid)).toBe(true);
      expect(randomPhoneNumber('CUCC')).toMatch(/^\+86(186|185|156|131)\d{8}$/);
      expect(randomBypassCode()).toMatch(/^[0-9ACDEFGHJKLMNPQRTUVWXYZ]{5}-[0-9A-Z]{5}(-[0-9A-Z]{4}){3}-[0-9A-Z]{3}[0-7]$/);
    }
  });
});
