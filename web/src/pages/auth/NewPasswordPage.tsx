import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { resetPassword } from '../../api/auth';
import { ApiRequestError } from '../../api/client';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { AuthCard } from './AuthCard';
import { hasErrors, validateNewPasswordForm, type FieldErrors } from './validation';

export default function NewPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'password' | 'confirmPassword'>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [loading, setLoading] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateNewPasswordForm({ password, confirmPassword });
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) return;
    setLoading(true);
    try {
      await resetPassword({ token, password });
      setDone(true);
    } catch (err) {
      if (err instanceof ApiRequestError && err.fieldErrors().password) setErrors({ password: err.fieldErrors().password });
      else setFormError(err instanceof ApiRequestError ? err.message : 'The password could not be changed. Please try again.');
    } finally {
      setLoading(false);
    }
  };

  if (!token) {
    return (
      <AuthCard title="New Password">
        <p className="form-error" role="alert">
          This page needs the link from the password-reset e-mail.
        </p>
        <Link className="btn btn-primary btn-block" to="/forget-password">
          Request a new link
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="New Password" subtitle="Choose a new password for your account.">
      {done ? (
        <>
          <p className="form-success" role="status">
            Your password has been changed. Log in with the new password.
          </p>
          <Link className="btn btn-primary btn-block" to="/sign-in">
            Log In
          </Link>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Choose a new password">
          {formError && (
            <div className="form-error" role="alert">
              <p>{formError}</p>
              <Link to="/forget-password">Request a new link</Link>
            </div>
          )}
          <TextField label="New password" type="password" name="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} hint="8 to 128 characters." />
          <TextField label="Confirm new password" type="password" name="confirmPassword" autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} error={errors.confirmPassword} />
          <Button type="submit" block loading={loading}>
            Save Password
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
