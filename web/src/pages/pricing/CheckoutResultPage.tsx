import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { userKeys, userQuery } from '../../api/users';
import { useSession } from '../../api/session';
import { userTier } from '../../domain/tiers';
import { formatNumber } from '../../lib/format';

// The payment provider confirms a checkout with an event that may arrive a moment after the browser
// comes back: the user record is reloaded every 2 s for up to a minute so the new plan shows without a
// new login (the session manager then renews the data token at the new tier).
export const CONFIRM_POLL_MS = 2000;
export const CONFIRM_POLL_LIMIT = 30;

/** The API requests a pack added, as the checkout's return address states it (`credits`), or null. */
export function creditsAdded(value: string | null): number | null {
  if (!value || !/^[0-9]{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** Where the payment provider sends the browser back after checkout. */
export default function CheckoutResultPage({ outcome }: { outcome: 'success' | 'failed' }) {
  const client = useQueryClient();
  const { signedIn } = useSession();
  const [polls, setPolls] = useState(0);
  const [params] = useSearchParams();
  const credits = outcome === 'success' ? creditsAdded(params.get('credits')) : null;
  const user = useQuery({
    ...userQuery(),
    enabled: signedIn && outcome === 'success',
    refetchInterval: polls < CONFIRM_POLL_LIMIT ? CONFIRM_POLL_MS : false,
  });
  const tier = userTier(user.data);
  const balance = user.data?.apiCredits ?? null;
  // A pack's credits are on the account once the balance holds at least what it added.
  const creditsConfirmed = credits !== null && balance !== null && balance >= credits;
  const confirmed = credits !== null ? creditsConfirmed : Boolean(tier);
  useEffect(() => {
    // A completed checkout changes the plan: reload the user so the new tier shows at once.
    if (outcome === 'success') void client.invalidateQueries({ queryKey: userKeys.all });
  }, [client, outcome]);
  useEffect(() => {
    if (user.dataUpdatedAt) setPolls((n) => (confirmed ? CONFIRM_POLL_LIMIT : n + 1));
  }, [user.dataUpdatedAt, confirmed]);
  return (
    <main className="status-page">
      {outcome === 'success' ? (
        <>
          <h1>Thank you!</h1>
          <p>Your payment went through. Your plan is active as soon as the payment provider confirms it, usually within a minute.</p>
          {credits !== null ? (
            <p data-testid="checkout-credits" role="status">
              {creditsConfirmed ? (
                <>
                  <strong>{formatNumber(credits)} API requests added.</strong> New balance:{' '}
                  <strong data-testid="checkout-credits-balance">{formatNumber(balance)}</strong> requests.
                </>
              ) : (
                <>
                  {formatNumber(credits)} API requests are added as soon as the payment provider confirms the payment
                  {balance !== null && <> (balance now: {formatNumber(balance)} requests)</>}.
                </>
              )}
            </p>
          ) : (
            tier && (
              <p data-testid="checkout-plan-active" role="status">
                Your plan is now <strong>{user.data?.planName ?? tier.name}</strong>, active from now on: the data
                comes at its freshness at once, with no new sign-in.
              </p>
            )
          )}
        </>
      ) : (
        <>
          <h1>Payment not completed</h1>
          <p>The checkout was cancelled or the payment failed. Nothing was charged; you can choose a plan again at any time.</p>
        </>
      )}
      <Link className="btn btn-primary" to={signedIn ? '/app' : '/'}>
        {signedIn ? 'Go to Workspaces' : 'Back to Home'}
      </Link>
    </main>
  );
}
