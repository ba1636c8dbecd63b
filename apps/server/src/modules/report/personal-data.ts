import { createHmac, hkdfSync } from 'node:crypto';
import { createSecretBox } from '../../secret-box.ts';
import type { PersonalData } from './report.repo.ts';

export type { PersonalData };

/**
 * createPersonalData seals hirers' id numbers and phones (PIPL): AES-256-GCM like the stores' API secrets, plus a
 * keyed hash (HMAC-SHA256) so a list can be searched by the exact value without opening every row. Both keys
 * are derived from the API-secret key in DATA_DIR/keys, each for its own purpose.
 */
export function createPersonalData(rootKey: Uint8Array): PersonalData {
  const derive = (info: string) => new Uint8Array(hkdfSync('sha256', rootKey, new Uint8Array(0), info, 32));
  const box = createSecretBox(derive('lease report personal-data seal v1'));
  const hashKey = derive('lease report personal-data hash v1');
  return {
    ...box,
    hash: (value) => createHmac('sha256', hashKey).update(value.trim().toUpperCase()).digest('base64url'),
  };
}
