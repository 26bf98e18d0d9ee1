import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { userKeys } from '../../api/users';
import { useSession } from '../../app/session';

/** Where the payment provider sends the browser back after checkout. */
export default function CheckoutResultPage({ outcome }: { outcome: 'success' | 'failed' }) {
  const client = useQueryClient();
  const { signedIn } = useSession();
  useEffect(() => {
    // A completed checkout changes the plan: reload the user so the new tier shows at once.
    if (outcome === 'success') void client.invalidateQueries({ queryKey: userKeys.all });
  }, [client, outcome]);
  return (
    <main className="status-page">
      {outcome === 'success' ? (
        <>
          <h1>Thank you!</h1>
          <p>Your payment went through. Your plan is active as soon as the payment provider confirms it, usually within a minute.</p>
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
