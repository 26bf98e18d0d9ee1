import { describe, expect, it } from 'vitest';
import { GOOGLE_AUTH_ENDPOINT, googleAuthUrl, parseGoogleReturn } from './google';

describe('Google sign-in by redirect', () => {
  it('asks Google for an ID token sent back to /sign-in', () => {
    const url = new URL(googleAuthUrl('cid.apps.googleusercontent.com', 'https://volland.example', 'st4te', 'n0nce'));
    expect(`${url.origin}${url.pathname}`).toBe(GOOGLE_AUTH_ENDPOINT);
    expect(url.searchParams.get('client_id')).toBe('cid.apps.googleusercontent.com');
    expect(url.searchParams.get('redirect_uri')).toBe('https://volland.example/sign-in');
    expect(url.searchParams.get('response_type')).toBe('id_token');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('state')).toBe('st4te');
    expect(url.searchParams.get('nonce')).toBe('n0nce');
  });

  it('accepts the token only with the state it sent', () => {
    const expected = { state: 'abc', nonce: 'n', redirectUri: null };
    expect(parseGoogleReturn('#id_token=tok.en.x&state=abc', expected)).toEqual({ idToken: 'tok.en.x' });
    expect(parseGoogleReturn('#id_token=tok.en.x&state=evil', expected)).toHaveProperty('error');
    expect(parseGoogleReturn('#id_token=tok.en.x&state=abc', null)).toHaveProperty('error');
    expect(parseGoogleReturn('#error=access_denied&state=abc', expected)).toEqual({ error: 'Google sign-in was cancelled.' });
    expect(parseGoogleReturn('#section-2', expected)).toBeNull();
  });
});
