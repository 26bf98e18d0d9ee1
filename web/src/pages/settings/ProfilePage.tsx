import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { updateUser, userKeys, userQuery, type UserUpdate } from '../../api/users';
import { ApiRequestError } from '../../api/client';
import { enlistmentQuery, setEnlisted } from '../../api/admin';
import { userTier } from '../../domain/tiers';
import { formatDate, formatNumber, type Clock } from '../../lib/format';
import { useNotify } from '../../lib/notifications';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { PageSpinner } from '../../components/Spinner';
import { useOpenModal } from '../../components/Modal';
import { validateNewPassword } from '../auth/validation';

export default function ProfilePage() {
  const user = useQuery(userQuery());
  const client = useQueryClient();
  const notify = useNotify();
  const openModal = useOpenModal();
  const [firstName, setFirstName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [pwErrors, setPwErrors] = useState<{ currentPassword?: string; newPassword?: string }>({});

  useEffect(() => {
    if (user.data) setFirstName(user.data.firstName);
  }, [user.data?.firstName]); // eslint-disable-line react-hooks/exhaustive-deps

  const save = useMutation({
    mutationFn: (body: UserUpdate) => updateUser(body),
    onSuccess: (updated) => client.setQueryData(userKeys.me(), updated),
  });

  if (user.isPending) return <PageSpinner />;
  if (user.isError) return <p className="form-error" role="alert">{user.error.message}</p>;
  const u = user.data;
  const tier = userTier(u);

  const onSaveName = async (e: FormEvent) => {
    e.preventDefault();
    const name = firstName.trim();
    if (!name) return setNameError('Enter your first name.');
    if (name.length > 120) return setNameError('Use at most 120 characters.');
    setNameError(null);
    try {
      await save.mutateAsync({ firstName: name });
      notify({ id: 'profile-saved', type: 'SUCCESS', title: 'Profile saved' });
    } catch (err) {
      setNameError(err instanceof ApiRequestError ? (err.fieldErrors().firstName ?? err.message) : 'Saving failed.');
    }
  };

  const onChangePassword = async (e: FormEvent) => {
    e.preventDefault();
    const errors: typeof pwErrors = {};
    if (!currentPassword) errors.currentPassword = 'Enter your current password.';
    const pw = validateNewPassword(newPassword);
    if (pw) errors.newPassword = pw;
    setPwErrors(errors);
    if (errors.currentPassword || errors.newPassword) return;
    try {
      await save.mutateAsync({ currentPassword, newPassword });
      setCurrentPassword('');
      setNewPassword('');
      notify({ id: 'password-changed', type: 'SUCCESS', title: 'Password changed', content: 'Use the new password the next time you log in.' });
    } catch (err) {
      if (err instanceof ApiRequestError) {
        const f = err.fieldErrors();
        setPwErrors({ currentPassword: f.currentPassword ?? (f.newPassword ? undefined : err.message), newPassword: f.newPassword });
      } else setPwErrors({ currentPassword: 'Changing the password failed.' });
    }
  };

  return (
    <div className="settings-grid">
      <section className="card" aria-labelledby="profile-title">
        <h2 id="profile-title">Profile</h2>
        <form onSubmit={onSaveName} noValidate>
          <TextField label="First name" name="firstName" value={firstName} onChange={(e) => setFirstName(e.target.value)} error={nameError} maxLength={120} />
          <TextField label="E-mail" name="email" value={u.email} readOnly hint="The e-mail address is your login and cannot be changed here." />
          <Button type="submit" loading={save.isPending && save.variables?.firstName !== undefined} disabled={firstName.trim() === u.firstName}>
            Save
          </Button>
        </form>
        <p className="muted small">Member since {formatDate(u.createdAt)}</p>
      </section>

      <section className="card" aria-labelledby="plan-title">
        <h2 id="plan-title">Plan</h2>
        <dl className="facts">
          <dt>Subscription</dt>
          <dd data-testid="profile-plan">{tier ? tier.name : 'No subscription'}</dd>
          <dt>API plan</dt>
          <dd>{u.apiSubscriptions.length ? u.apiSubscriptions.map((s) => s.name).join(', ') : 'None'}</dd>
          <dt>API credits left</dt>
          <dd>{formatNumber(u.apiCredits)}</dd>
        </dl>
        <Button variant="secondary" onClick={() => openModal('/app/pricing')}>
          {tier ? 'Change Plan' : 'See Plans'}
        </Button>
      </section>

      {u.hasPassword && (
        <section className="card" aria-labelledby="password-title">
          <h2 id="password-title">Password</h2>
          <form onSubmit={onChangePassword} noValidate>
            <TextField label="Current password" type="password" autoComplete="current-password" value={currentPassword} onChange={(e) => setCurrentPassword(e.target.value)} error={pwErrors.currentPassword} />
            <TextField label="New password" type="password" autoComplete="new-password" value={newPassword} onChange={(e) => setNewPassword(e.target.value)} error={pwErrors.newPassword} hint="8 to 128 characters." />
            <Button type="submit" variant="secondary" loading={save.isPending && save.variables?.newPassword !== undefined}>
              Change Password
            </Button>
          </form>
        </section>
      )}
      <ClockSetting clock={u.clock === '12h' ? '12h' : '24h'} />
      <NewsletterSetting />
    </div>
  );
}

/** Newsletter opt-in and unsubscribe (enlisted-users). */
const CLOCK_CHOICES: { value: Clock; label: string }[] = [
  { value: '24h', label: '24-hour (13:05)' },
  { value: '12h', label: '12-hour (1:05 PM)' },
];

/** App spec §9: clock times on a 24- or 12-hour clock, kept with the account (every device follows it). */
function ClockSetting({ clock }: { clock: Clock }) {
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: (value: Clock) => updateUser({ clock: value }),
    onSuccess: (updated) => client.setQueryData(userKeys.me(), updated),
  });
  return (
    <section className="card" aria-labelledby="clock-title">
      <h2 id="clock-title">Clock</h2>
      <fieldset className="radio-group" disabled={change.isPending}>
        <legend className="muted small">Times in charts, tables and freshness bars</legend>
        {CLOCK_CHOICES.map((c) => (
          <label key={c.value} className="radio">
            <input type="radio" name="clock" value={c.value} checked={clock === c.value} onChange={() => change.mutate(c.value)} />
            <span>{c.label}</span>
          </label>
        ))}
      </fieldset>
      {change.isError && <p className="form-error" role="alert">The clock could not be saved. Please try again.</p>}
    </section>
  );
}

function NewsletterSetting() {
  const qc = useQueryClient();
  const status = useQuery(enlistmentQuery());
  const change = useMutation({
    mutationFn: (enlisted: boolean) => setEnlisted(enlisted),
    onSuccess: (data) => qc.setQueryData(enlistmentQuery().queryKey, data),
  });
  return (
    <section className="card" aria-labelledby="newsletter-title">
      <h2 id="newsletter-title">Newsletter</h2>
      {status.isPending ? (
        <PageSpinner />
      ) : status.isError ? (
        <p className="form-error">The newsletter setting could not be loaded.</p>
      ) : (
        <label className="checkbox">
          <input type="checkbox" checked={status.data.enlisted} disabled={change.isPending} onChange={(e) => change.mutate(e.target.checked)} />
          <span>{status.data.enlisted ? 'You receive the Volland newsletter. Untick to unsubscribe.' : 'Send me the Volland newsletter.'}</span>
        </label>
      )}
      {change.isError && <p className="form-error">The change could not be saved. Please try again.</p>}
    </section>
  );
}
