import { describe, expect, it } from 'vitest';
import { enrolmentBaseUrl, enrolmentIsHttps, enrolmentUrlWarning } from './enrolment-url.ts';

describe('PUBLIC_URL and iOS enrolment', () => {
  it('warns at start for an http address phones would use, not for https or the loopback demo', () => {
    expect(enrolmentUrlWarning('http://mdm.example.com')).toMatch(/not https/);
    expect(enrolmentUrlWarning('http://192.168.1.20:3000')).toMatch(/not https/);
    expect(enrolmentUrlWarning('https://mdm.example.com')).toBeNull();
    expect(enrolmentUrlWarning('http://localhost:3000')).toBeNull();
    expect(enrolmentUrlWarning('http://127.0.0.1:3000')).toBeNull();
  });

  it('flags only https as enrolment-ready for the console', () => {
    expect(enrolmentIsHttps('https://mdm.example.com')).toBe(true);
    expect(enrolmentIsHttps('http://localhost:3000')).toBe(false);
  });
});

describe('enrolmentBaseUrl', () => {
  it('puts the store’s host in place of PUBLIC_URL’s, keeping scheme and port', () => {
    expect(enrolmentBaseUrl('https://mdm.zujibao.com/', null)).toBe('https://mdm.zujibao.com');
    expect(enrolmentBaseUrl('https://mdm.zujibao.com', 'mdm.shop.com')).toBe('https://mdm.shop.com');
    expect(enrolmentBaseUrl('https://mdm.zujibao.com:8443', 'mdm.shop.com')).toBe('https://mdm.shop.com:8443');
  });
});
