import dns from 'node:dns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpWebhookSender } from './http-webhook-sender.ts';
import { UnsafeAddressError, assertPublicUrl, guardedLookup, isPrivateAddress } from './address-guard.ts';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fd12:3456::1',
    'fc00::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '[::1]',
    'fe80::1%eth0',
    'not-an-ip',
    // IPv4-compatible ::/96 in any notation, SIIT, NAT64 and 6to4 carrying a private IPv4, and IPv6 special ranges.
    '::127.0.0.1',
    '::7f00:1',
    '0:0:0:0:0:0:7f00:1',
    '::8.8.8.8',
    '::ffff:0:7f00:1',
    '::ffff:0:a00:1',
    '64:ff9b::7f00:1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    '64:ff9b:1::a00:1',
    '2002:7f00:1::',
    '2002:a9fe:a9fe::1',
    '100::1',
    '100::ffff:1',
    '2001:db8::1',
    '2001::1',
    '2001:2::1',
    '2001:10::1',
    '3fff::1',
    '5f00::1',
    '4000::1',
    '192.0.2.1',
    '198.51.100.1',
  ])('blocks %s', (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '2400:3200::1',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows %s', (ip) => {
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
  it.each(sixForms)('refuses http://%s/hook at save', async (host) => {
    await expect(assertPublicUrl(`http://${host}/hook`)).rejects.toThrow('内网');
  });
});

// DNS answers are the outside world here: the resolver is stubbed (the guard's own code is not), so a name can
// resolve to any mix of public and private addresses.
describe('names resolving to several addresses', () => {
  const PUBLIC = { address: '93.184.216.34', family: 4 };
  const PUBLIC6 = { address: '2606:4700::1111', family: 6 };
  const PRIVATE = { address: '10.0.0.8', family: 4 };
  afterEach(() => vi.restoreAllMocks());

  const answer = (list: dns.LookupAddress[] | Error) => {
    const promised = vi.spyOn(dns.promises, 'lookup').mockImplementation((async () => {
      if (list instanceof Error) throw list;
      return list;
    }) as never);
    const callback = vi.spyOn(dns, 'lookup').mockImplementation(((
      _host: string,
      _options: unknown,
      cb: (err: Error | null, a: dns.LookupAddress[]) => void,
    ) => {
      if (list instanceof Error) cb(list, []);
      else cb(null, list);
    }) as never);
    return { promised, callback };
  };
  const guarded = (options: dns.LookupOptions) =>
    new Promise<{ err: (Error & { code?: string }) | null; address: unknown; family?: number }>((resolve) =>
      guardedLookup('hook.example.com', options, (err, address, family) => resolve({ err, address, family })),
    );

  it('assertPublicUrl asks for every address, verbatim, and refuses when any one is private or there are none', async () => {
    const { promised } = answer([PUBLIC, PUBLIC6]);
    await expect(assertPublicUrl('https://hook.example.com/x')).resolves.toBeUndefined();
    expect(promised).toHaveBeenCalledWith('hook.example.com', { all: true, verbatim: true });
    vi.restoreAllMocks();
    answer([PUBLIC, PRIVATE]);
    const err = await assertPublicUrl('https://hook.example.com/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnsafeAddressError);
    expect((err as Error).name).toBe('UnsafeAddressError');
    expect((err as Error).message).toBe('回调地址不能指向本机、内网或保留地址');
    vi.restoreAllMocks();
    answer([]);
    await expect(assertPublicUrl('https://hook.example.com/x')).rejects.toThrow('内网');
  });

  it('assertPublicUrl judges a literal address itself, without asking DNS', async () => {
    const { promised } = answer([PRIVATE]);
    await expect(assertPublicUrl('https://[2606:4700::1111]/x')).resolves.toBeUndefined();
    await expect(assertPublicUrl('https://8.8.8.8/x')).resolves.toBeUndefined();
    await expect(assertPublicUrl('https://[::1]/x')).rejects.toThrow('内网');
    expect(promised).not.toHaveBeenCalled();
  });

  it('guardedLookup refuses a private answer among public ones with EUNSAFEADDR, and an empty answer', async () => {
    const { callback } = answer([PUBLIC, PRIVATE]);
    const refused = await guarded({});
    expect(refused.err).toBeInstanceOf(UnsafeAddressError);
    expect(refused.err?.code).toBe('EUNSAFEADDR');
    expect(refused.address).toBe('');
    expect(callback.mock.calls[0][1]).toEqual({ all: true, verbatim: true });
    vi.restoreAllMocks();
    answer([]);
    expect((await guarded({})).err?.code).toBe('EUNSAFEADDR');
  });

  it('guardedLookup answers public addresses as asked: the list with all, else the first with its family', async () => {
    answer([PUBLIC6, PUBLIC]);
    expect(await guarded({ all: true })).toEqual({ err: null, address: [PUBLIC6, PUBLIC], family: undefined });
    expect(await guarded({})).toEqual({ err: null, address: PUBLIC6.address, family: 6 });
  });

  it('guardedLookup passes a resolver error on with no address', async () => {
    const failure = Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    answer(failure);
    expect(await guarded({})).toEqual({ err: failure, address: '', family: undefined });
  });
});

describe('isPrivateAddress, written forms', () => {
  it.each(['[2606:4700::1111]', '2606:4700::1111%eth0', '::ffff:0:808:808'])('allows the public %s', (ip) => {
    expect(isPrivateAddress(ip)).toBe(false);
  });
});
