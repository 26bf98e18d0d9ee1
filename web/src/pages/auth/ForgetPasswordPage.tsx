import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { initResetPassword } from '../../api/auth';
import { ApiRequestError } from '../../api/client';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { AuthCard } from './AuthCard';
import { validateEmail } from './validation';

export default function ForgetPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateEmail(email);
    setError(found);
    setFormError(null);
    if (found) return;
    setLoading(true);
    try {
      await initResetPassword(email.trim());
      setSentTo(email.trim());
    } catch (err) {
      if (err instanceof ApiRequestError && err.fieldErrors().email) setError(err.fieldErrors().email);
      else setFormError(err instanceof ApiRequestError ? err.message : 'The request failed. Please try again.');
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthCard
      title="Forgot Password"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it? <Link to="/sign-in">Log In</Link>
        </p>
      }
    >
      {sentTo ? (
        <p className="form-success" role="status">
          If an account exists for {sentTo}, a link to reset the password is on its way. It stays valid for one hour.
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Reset password">
          {formError && (
            <p className="form-error" role="alert">
              {formError}
            </p>
          )}
          <TextField label="E-mail" type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
          <Button type="submit" block loading={loading}>
            Send Reset Link
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
