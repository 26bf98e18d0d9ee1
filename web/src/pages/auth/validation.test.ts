import { describe, expect, it } from 'vitest';
import { hasErrors, validateEmail, validateNewPasswordForm, validateSignIn, validateSignUp } from './validation';

describe('auth validation', () => {
  it('checks e-mail syntax', () => {
    expect(validateEmail('')).toBe('Enter your e-mail address.');
    expect(validateEmail('a@b')).toBe('Enter a valid e-mail address.');
    expect(validateEmail(' a@b.co ')).toBeNull();
  });
  it('sign-in needs both fields', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({ email: 'Enter your e-mail address.', password: 'Enter your password.' });
    expect(hasErrors(validateSignIn({ email: 'a@b.co', password: 'x' }))).toBe(false);
  });
  it('sign-up mirrors the server rules and needs the terms', () => {
    const ok = { firstName: 'Ann', email: 'a@b.co', password: 'longenough', confirmPassword: 'longenough', terms: true };
    expect(validateSignUp(ok)).toEqual({});
    expect(validateSignUp({ ...ok, password: 'short', confirmPassword: 'short' }).password).toBe('Passwords have 8 to 128 characters.');
    expect(validateSignUp({ ...ok, password: '         ', confirmPassword: '         ' }).password).toBe('The password cannot be only spaces.');
    expect(validateSignUp({ ...ok, confirmPassword: 'different1' }).confirmPassword).toBe('The passwords do not match.');
    expect(validateSignUp({ ...ok, firstName: '  ' }).firstName).toBe('Enter your first name.');
    expect(validateSignUp({ ...ok, firstName: 'x'.repeat(121) }).firstName).toBe('Use at most 120 characters.');
    expect(validateSignUp({ ...ok, terms: false }).terms).toMatch(/18 or over/);
  });
  it('new password form', () => {
    expect(validateNewPasswordForm({ password: 'longenough', confirmPassword: 'nope' })).toEqual({ confirmPassword: 'The passwords do not match.' });
  });
});
