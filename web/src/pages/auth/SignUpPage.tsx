import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { signup } from '../../api/auth';
import { ApiRequestError } from '../../api/client';
import { safeRedirect } from '../../lib/redirects';
import { getReferral } from '../../lib/referral';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { AuthCard } from './AuthCard';
import { GoogleSignIn } from './GoogleSignIn';
import { hasErrors, validateSignUp, type FieldErrors, type SignUpFields } from './validation';
import { useAuthSuccess } from './useAuthSuccess';

export default function SignUpPage() {
  const [params] = useSearchParams();
  const redirectUri = safeRedirect(params.get('redirectUri'));
  const [values, setValues] = useState({ firstName: '', email: '', password: '', confirmPassword: '', terms: false, newsletter: false });
  const [errors, setErrors] = useState<FieldErrors<SignUpFields>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const onSuccess = useAuthSuccess();

  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [key]: e.target.type === 'checkbox' ? e.target.checked : e.target.value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateSignUp(values);
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) return;
    setLoading(true);
    try {
      const tokens = await signup({
        firstName: values.firstName.trim(),
        email: values.email.trim(),
        password: values.password,
        referral: getReferral(),
        newsletter: values.newsletter,
      });
      // A new account has no plan yet: the pricing list is the natural next step.
      onSuccess(tokens, redirectUri ?? '/app/pricing');
    } catch (err) {
      setLoading(false);
      if (err instanceof ApiRequestError) {
        const fields = err.fieldErrors();
        if (err.code === 'email_taken') setErrors({ email: err.message });
        else if (fields.firstName || fields.email || fields.password)
          setErrors({ firstName: fields.firstName, email: fields.email, password: fields.password });
        else setFormError(err.message);
      } else {
        setFormError('Signing up failed. Please try again.');
      }
    }
  };

  return (
    <AuthCard
      title="Create Account"
      subtitle="Sign up, then pick the plan that fits how often you need fresh data."
      footer={
        <p>
          Already have an account? <Link to={redirectUri ? `/sign-in?redirectUri=${encodeURIComponent(redirectUri)}` : '/sign-in'}>Log In</Link>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label="Sign up">
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <TextField label="First name" name="firstName" autoComplete="given-name" value={values.firstName} onChange={set('firstName')} error={errors.firstName} maxLength={120} />
        <TextField label="E-mail" type="email" name="email" autoComplete="email" value={values.email} onChange={set('email')} error={errors.email} />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          hint="8 to 128 characters."
        />
        <TextField
          label="Confirm password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
        <div className={`field${errors.terms ? ' has-error' : ''}`}>
          <label className="checkbox">
            <input type="checkbox" name="terms" checked={values.terms} onChange={set('terms')} aria-invalid={errors.terms ? true : undefined} aria-describedby={errors.terms ? 'terms-error' : undefined} />
            <span>
              I am 18 or over and accept the <Link to="/terms-of-service" target="_blank">Terms of Service</Link> and the{' '}
              <Link to="/privacy-policy" target="_blank">Privacy Policy</Link>.
            </span>
          </label>
          {errors.terms && (
            <p className="field-error" id="terms-error" role="alert">
              {errors.terms}
            </p>
          )}
        </div>
        <div className="field">
          <label className="checkbox">
            <input type="checkbox" name="newsletter" checked={values.newsletter} onChange={set('newsletter')} />
            <span>Send me the Volland newsletter (you can unsubscribe at any time in settings).</span>
          </label>
        </div>
        <Button type="submit" block loading={loading}>
          Sign Up
        </Button>
      </form>
      <GoogleSignIn redirectUri={redirectUri} />
    </AuthCard>
  );
}
