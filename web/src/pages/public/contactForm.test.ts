import { describe, expect, it } from 'vitest';
import { validateContact } from './contactForm';

const ok = { name: 'Ana', email: 'ana@example.com', subject: 'Data question', message: 'How often does SPX refresh?' };

describe('validateContact', () => {
  it('accepts a complete message', () => {
    expect(validateContact(ok)).toEqual({});
  });

  it('requires every field, ignoring surrounding spaces', () => {
    expect(validateContact({ name: ' ', email: '', subject: '  ', message: '' })).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter your e-mail address.',
      subject: 'Please enter a subject.',
      message: 'Please enter a message.',
    });
  });

  it('rejects malformed e-mail addresses', () => {
    for (const email of ['ana', 'ana@', 'ana@example', 'a na@example.com']) {
      expect(validateContact({ ...ok, email }).email).toBe('Please enter a valid e-mail address.');
    }
  });

  it('enforces lengths', () => {
    expect(validateContact({ ...ok, message: 'short' }).message).toBe('Message must be at least 10 characters.');
    expect(validateContact({ ...ok, name: 'x'.repeat(121) }).name).toMatch(/at most 120/);
    expect(validateContact({ ...ok, subject: 'x'.repeat(201) }).subject).toMatch(/at most 200/);
  });
});
