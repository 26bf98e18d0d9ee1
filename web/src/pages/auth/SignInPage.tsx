import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { login } from '../../api/auth';
import { ApiRequestError } from '../../api/client';
import { safeRedirect } from '../../lib/redirects';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { AuthCard } from './AuthCard';
import { GoogleSignIn } from './GoogleSignIn';
import { hasErrors, validateSignIn, type FieldErrors } from './validation';
import { useAuthSuccess } from './useAuthSuccess';

export default function SignInPage() {
  const [params] = useSearchParams();
  const redirectUri = safeRedirect(params.get('redirectUri'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sessionLimit, setSessionLimit] = useState(false);
  const [loading, setLoading] = useState(false);
  const onSuccess = useAuthSuccess();

  const submit = async (forceOverride = false) => {
    const found = validateSignIn({ email, password });
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) return;
    setLoading(true);
    try {
      const tokens = await login({ email: email.trim(), password }, { forceOverride });
      onSuccess(tokens, redirectUri ?? '/app');
    } catch (err) {
      setLoading(false);
      if (err instanceof ApiRequestError) {
        if (err.status === 409 && err.code === 'session_limit') {
          setSessionLimit(true);
          setFormError(err.message);
          return;
        }
        const fields = err.fieldErrors();
        if (fields.email || fields.password) setErrors({ email: fields.email, password: fields.password });
        else setFormError(err.message);
      } else {
        setFormError('Signing in failed. Please try again.');
      }
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(false);
  };

  return (
    <AuthCard
      title="Log In"
      subtitle="Welcome back. Sign in to open your workspaces."
      footer={
        <p>
          No account yet? <Link to={redirectUri ? `/sign-up?redirectUri=${encodeURIComponent(redirectUri)}` : '/sign-up'}>Sign Up</Link>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label="Log in">
        {formError && (
          <div className="form-error" role="alert">
            <p>{formError}</p>
            {sessionLimit && (
              <Button variant="secondary" size="small" onClick={() => void submit(true)} disabled={loading}>
                Log in and end the oldest session
              </Button>
            )}
          </div>
        )}
        <TextField
          label="E-mail"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          labelAside={<Link to="/forget-password" className="field-aside">Forgot password?</Link>}
        />
        <Button type="submit" block loading={loading}>
          Log In
        </Button>
      </form>
      <GoogleSignIn redirectUri={redirectUri} completeReturn />
    </AuthCard>
  );
}
