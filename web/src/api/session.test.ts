import { describe, expect, it } from 'vitest';
import { clearTokens, decodeToken, getSessionSnapshot, isSignedIn, isTokenExpired, setTokens } from './session';
import { makeToken } from '../test/utils';

describe('tokens', () => {
  it('decodes the payload of a JWT (base64url, unicode)', () => {
    const token = makeToken({ exp: 100, subscriptions: [{ id: 'prod_volland_live' }], name: 'Zoë' });
    expect(decodeToken(token)).toEqual({ exp: 100, subscriptions: [{ id: 'prod_volland_live' }], name: 'Zoë' });
    expect(decodeToken('garbage')).toBeNull();
    expect(decodeToken(null)).toBeNull();
  });

  it('treats missing, malformed and past exp as expired', () => {
    const now = 1_700_000_000_000;
    expect(isTokenExpired(makeToken({ exp: now / 1000 + 60 }), now)).toBe(false);
    expect(isTokenExpired(makeToken({ exp: now / 1000 + 60 }), now, 120)).toBe(true);
    expect(isTokenExpired(makeToken({ exp: now / 1000 - 1 }), now)).toBe(true);
    expect(isTokenExpired(makeToken({}), now)).toBe(true);
    expect(isTokenExpired(null, now)).toBe(true);
  });

  it('stores the session under the spec keys; signed in needs both tokens', () => {
    setTokens({ accessToken: 'a' });
    expect(isSignedIn()).toBe(false);
    setTokens({ refreshToken: 'r', apiToken: 'd' });
    expect(localStorage.getItem('accessToken')).toBe('a');
    expect(localStorage.getItem('refreshToken')).toBe('r');
    expect(localStorage.getItem('apiToken')).toBe('d');
    expect(getSessionSnapshot()).toMatchObject({ signedIn: true, apiToken: 'd' });
    clearTokens();
    expect(getSessionSnapshot().signedIn).toBe(false);
    expect(localStorage.getItem('apiToken')).toBeNull();
  });
});
