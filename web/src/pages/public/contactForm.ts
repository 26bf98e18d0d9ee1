/** Contact form values and their client-side rules (the server enforces the same limits). */
export interface ContactValues {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactValues, string>>;

export const CONTACT_LIMITS = { name: 120, email: 254, subject: 200, messageMin: 10, message: 5000 } as const;

// Pragmatic shape check: something@something.tld, no spaces. The server has the final word.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const subject = values.subject.trim();
  const message = values.message.trim();

  if (!name) errors.name = 'Please enter your name.';
  else if (name.length > CONTACT_LIMITS.name) errors.name = `Name must be at most ${CONTACT_LIMITS.name} characters.`;

  if (!email) errors.email = 'Please enter your e-mail address.';
  else if (email.length > CONTACT_LIMITS.email || !EMAIL_RE.test(email)) errors.email = 'Please enter a valid e-mail address.';

  if (!subject) errors.subject = 'Please enter a subject.';
  else if (subject.length > CONTACT_LIMITS.subject) errors.subject = `Subject must be at most ${CONTACT_LIMITS.subject} characters.`;

  if (!message) errors.message = 'Please enter a message.';
  else if (message.length < CONTACT_LIMITS.messageMin) errors.message = `Message must be at least ${CONTACT_LIMITS.messageMin} characters.`;
  else if (message.length > CONTACT_LIMITS.message) errors.message = `Message must be at most ${CONTACT_LIMITS.message} characters.`;

  return errors;
}

export const trimContact = (v: ContactValues): ContactValues => ({
  name: v.name.trim(),
  email: v.email.trim(),
  subject: v.subject.trim(),
  message: v.message.trim(),
});
