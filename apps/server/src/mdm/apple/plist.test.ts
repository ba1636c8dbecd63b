import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { PlistError, buildPlist, parsePlist, parsePlistDict } from './plist.ts';

const tokenUpdate = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>MessageType</key><string>TokenUpdate</string>
  <key>Topic</key><string>com.apple.mgmt.External.abc</string>
  <key>UDID</key><string>00008030-001A2D3E0C38802E</string>
  <key>Token</key><data>AAECAw==</data>
  <key>PushMagic</key><string>5F3A1B2C</string>
  <key>AwaitingConfiguration</key><false/>
  <key>BatteryLevel</key><real>0.5</real>
  <key>Seen</key><date>2024-10-21T14:54:30Z</date>
</dict>
</plist>`;

function reasonOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(PlistError);
    expect(err).toBeInstanceOf(AppError);
    expect((err as PlistError).statusCode).toBe(400);
    return (err as PlistError).reason;
  }
  return undefined;
}

describe('parsePlistDict', () => {
  it('reads a check-in body with data as Buffer and typed scalars', () => {
    const body = parsePlistDict(Buffer.from(tokenUpdate));
    expect(body.MessageType).toBe('TokenUpdate');
    expect(Buffer.isBuffer(body.Token)).toBe(true);
    expect(body.Token).toEqual(Buffer.from([0, 1, 2, 3]));
    expect(body.AwaitingConfiguration).toBe(false);
    expect(body.BatteryLevel).toBe(0.5);
    expect(body.Seen).toEqual(new Date('2024-10-21T14:54:30Z'));
  });

  it('round-trips what buildPlist writes', () => {
    const value = { CommandUUID: 'u-1', Command: { RequestType: 'ClearPasscode', UnlockToken: Buffer.from('secret') }, List: [1, 'two', true] };
    expect(parsePlistDict(buildPlist(value))).toEqual(value);
  });

  it('refuses a body above the size limit before parsing it', () => {
    expect(reasonOf(() => parsePlistDict(Buffer.from(tokenUpdate), 100))).toBe('too-large');
  });

  it.each([
    ['empty', '', 'not-xml'],
    ['garbage', 'hello world', 'not-xml'],
    ['binary plist', 'bplist00\u0000\u0001', 'not-xml'],
    ['truncated', tokenUpdate.slice(0, 200), 'malformed'],
    ['bad integer', '<plist><dict><key>a</key><integer>abc</integer></dict></plist>', 'malformed'],
    ['bad base64', '<plist><dict><key>a</key><data>!!!</data></dict></plist>', 'malformed'],
    ['bad date', '<plist><dict><key>a</key><date>yesterday</date></dict></plist>', 'malformed'],
    ['key without dict order', '<plist><dict><string>x</string></dict></plist>', 'malformed'],
    ['entity declaration', '<?xml version="1.0"?><!DOCTYPE plist [<!ENTITY a "b">]><plist><dict/></plist>', 'malformed'],
    ['prototype key', '<plist><dict><key>__proto__</key><dict/></dict></plist>', 'malformed'],
    ['not a dict', '<plist><array/></plist>', 'not-a-dict'],
  ])('refuses %s', (_name, body, reason) => {
    expect(reasonOf(() => parsePlistDict(body))).toBe(reason);
  });

  it('refuses invalid UTF-8 bytes', () => {
    const bytes = Buffer.concat([Buffer.from('<plist><string>'), Buffer.from([0xff, 0xfe]), Buffer.from('</string></plist>')]);
    expect(reasonOf(() => parsePlist(bytes))).toBe('malformed');
  });
});
