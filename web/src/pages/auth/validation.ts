// Client-side checks of the auth forms. They mirror the server's rules (api/auth/schemas.py) so most
// mistakes are caught before a round trip; the server stays the authority and its field errors are
// shown the same way, under the field.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 120;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function validateEmail(email: string): string | null {
  const value = email.trim();
  if (!value) return 'Enter your e-mail address.';
  if (value.length > 320 || !EMAIL_RE.test(value)) return 'Enter a valid e-mail address.';
  return null;
}

export function validateNewPassword(password: string): string | null {
  if (!password) return 'Enter a password.';
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
    return `Passwords have ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`;
  if (!password.trim()) return 'The password cannot be only spaces.';
  return null;
}

export function validateSignIn(v: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {};
  const email = validateEmail(v.email);
  if (email) errors.email = email;
  if (!v.password) errors.password = 'Enter your password.';
  return errors;
}

export type SignUpFields = 'firstName' | 'email' | 'password' | 'confirmPassword' | 'terms';

export function validateSignUp(v: { firstName: string; email: string; password: string; confirmPassword: string; terms: boolean }): FieldErrors<SignUpFields> {
  const errors: FieldErrors<SignUpFields> = {};
  const name = v.firstName.trim();
  if (!name) errors.firstName = 'Enter your first name.';
  else if (name.length > NAME_MAX) errors.firstName = `Use at most ${NAME_MAX} characters.`;
  const email = validateEmail(v.email);
  if (email) errors.email = email;
  const password = validateNewPassword(v.password);
  if (password) errors.password = password;
  if (!errors.password && v.confirmPassword !== v.password) errors.confirmPassword = 'The passwords do not match.';
  if (!v.terms) errors.terms = 'Please confirm you are 18 or over and accept the Terms of Service and Privacy Policy.';
  return errors;
}

export function validateNewPasswordForm(v: { password: string; confirmPassword: string }): FieldErrors<'password' | 'confirmPassword'> {
  const errors: FieldErrors<'password' | 'confirmPassword'> = {};
  const password = validateNewPassword(v.password);
  if (password) errors.password = password;
  else if (v.confirmPassword !== v.password) errors.confirmPassword = 'The passwords do not match.';
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}
