// 'Sign in with Google' on the sign-in and sign-up pages: shown only when the installation has a Google
// client id (auth/config); the return from Google is completed on the sign-in page.
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { authConfigQuery, loginWithGoogle } from '../../api/auth';
import { ApiRequestError } from '../../api/client';
import { getReferral } from '../../lib/referral';
import { Button } from '../../components/Button';
import { parseGoogleReturn, startGoogleSignIn, takeGoogleRequest } from './google';
import { useAuthSuccess } from './useAuthSuccess';

/** Navigation to Google; replaced in unit tests. */
export const googleRedirect = { go: (url: string) => window.location.assign(url) };

export function GoogleSignIn({ redirectUri, completeReturn = false }: { redirectUri: string | null; completeReturn?: boolean }) {
  const config = useQuery(authConfigQuery());
  const onSuccess = useAuthSuccess();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const handled = useRef(false);

  useEffect(() => {
    if (!completeReturn || handled.current) return;
    const hash = window.location.hash;
    if (!hash.includes('id_token') && !hash.includes('error')) return;
    handled.current = true;
    const answer = parseGoogleReturn(hash, takeGoogleRequest());
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    if (!answer) return;
    if ('error' in answer) {
      setError(answer.error);
      return;
    }
    setBusy(true);
    loginWithGoogle(answer.idToken, getReferral())
      .then((tokens) => onSuccess(tokens, redirectUri ?? '/app'))
      .catch((err: unknown) => {
        setBusy(false);
        setError(err instanceof ApiRequestError ? err.message : 'Google sign-in failed. Please try again.');
      });
  }, [completeReturn, onSuccess, redirectUri]);

  const clientId = config.data?.googleClientId;
  if (!clientId) return error ? <p className="form-error" role="alert">{error}</p> : null;
  return (
    <div className="google-sign-in">
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="auth-divider muted" aria-hidden="true">
        or
      </div>
      <Button block variant="secondary" loading={busy} onClick={() => googleRedirect.go(startGoogleSignIn(clientId, redirectUri))} data-testid="google-sign-in">
        Sign in with Google
      </Button>
    </div>
  );
}
