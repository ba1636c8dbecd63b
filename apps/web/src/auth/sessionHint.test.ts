import { SESSION_HINT_COOKIE } from '@lease/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionTokens } from './session.ts';

const hint = () => document.cookie.split('; ').find((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`));

describe('session hint cookie', () => {
  afterEach(() => sessionTokens.clear());

  it('is set with a stored session and gone with it, and holds no token', () => {
    expect(hint()).toBeUndefined();
    sessionTokens.save({ access_token: 'access-secret', refresh_token: 'refresh-secret', expires_in: 3600 });
    expect(hint()).toBe(`${SESSION_HINT_COOKIE}=1`);
    expect(document.cookie).not.toContain('secret');
    sessionTokens.clear();
    expect(hint()).toBeUndefined();
  });
});
