import { describe, expect, it } from 'vitest';
import { createHttpWebhookSender } from '../../adapters/webhook/http-webhook-sender.ts';
import { assertPublicUrl, isPrivateAddress } from './address-guard.ts';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1', '127.8.9.10', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '::1', '::', 'fd12:3456::1', 'fc00::1', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1',
    '::ffff:10.0.0.1', '[::1]', 'fe80::1%eth0', 'not-an-ip',
    // IPv4-compatible ::/96 in any notation, SIIT, NAT64 and 6to4 carrying a private IPv4, and IPv6 special ranges.
    '::127.0.0.1', '::7f00:1', '0:0:0:0:0:0:7f00:1', '::8.8.8.8', '::ffff:0:7f00:1', '::ffff:0:a00:1', '64:ff9b::7f00:1',
    '64:ff9b::a9fe:a9fe', '64:ff9b::10.0.0.1', '64:ff9b:1::a00:1', '2002:7f00:1::', '2002:a9fe:a9fe::1', '100::1', '100::ffff:1',
    '2001:db8::1', '2001::1', '2001:2::1', '2001:10::1', '3fff::1', '5f00::1', '4000::1', '192.0.2.1', '198.51.100.1',
  ])('blocks %s', (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '2400:3200::1', '64:ff9b::808:808', '2002:808:808::1'])('allows %s', (ip) => {
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

describe('the six IPv6 forms that reached loopback or link-local before', () => {
  const sixForms = ['[::127.0.0.1]', '[::ffff:0:7f00:1]', '[64:ff9b::7f00:1]', '[64:ff9b::a9fe:a9fe]', '[2002:7f00:1::]', '[100::1]'];
  it.each(sixForms)('refuses http://%s/hook at connect', async (host) => {
    const sent = await createHttpWebhookSender({ allowPrivate: false, timeoutMs: 2000 }).post(`http://${host}/hook`, '{}', {});
    expect(sent).toMatchObject({ statusCode: null, error: expect.stringContaining('内网') });
  });
  it.each(sixForms)(
    'refuses http://%s/hook at save',
    async (host) => {
      await expect(assertPublicUrl(`http://${host}/hook`)).rejects.toThrow('内网');
    },
  );
});
