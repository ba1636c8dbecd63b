import { describe, expect, it } from 'vitest';
import { enrolmentIsHttps, enrolmentUrlWarning } from './enrolment-url.ts';

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
