import { describe, expect, it } from 'vitest';
import { assertPublicUrl, isPrivateAddress } from './address-guard.ts';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1', '127.8.9.10', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '::1', '::', 'fd12:3456::1', 'fc00::1', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1',
    '::ffff:10.0.0.1', '[::1]', 'fe80::1%eth0', 'not-an-ip',
  ])('blocks %s', (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '203.0.113.7', '2606:4700::1111', '::ffff:8.8.8.8'])('allows %s', (ip) => {
    expect(isPrivateAddress(ip)).toBe(false);
  });
});

describe('assertPublicUrl', () => {
  it('accepts a public literal address and refuses loopback names and literals', async () => {
    await expect(assertPublicUrl('https://93.184.216.34/hook')).resolves.toBeUndefined();
    await expect(assertPublicUrl('http://localhost:3000/hook')).rejects.toThrow('内网');
    await expect(assertPublicUrl('http://[::1]/hook')).rejects.toThrow('内网');
    await expect(assertPublicUrl('http://does-not-exist.invalid/hook')).rejects.toThrow('无法解析');
  });
});
