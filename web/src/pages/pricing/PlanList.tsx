// Plan cards for regular tiers or API request packs, with the 'Good choice!' flows and per-card
// loading of platform spec §4. A product without a price (the Enterprise card of the API list) is sold
// on request: 'Unlimited Access' and a 'Contact Us' button. The list answer says how plans are paid for
// here (docs/billing.md): with test payments (the embedded provider) a 'Test payments' notice heads every
// list that sells; with purchasing off the list says so plainly before any click (checkout and the
// billing portal answer 503 then, which says the same).
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { createCheckoutSession, createPortalSession, isPurchasingUnavailable, priceOf, productsQuery, PURCHASING_UNAVAILABLE, TEST_PAYMENTS_DETAIL, type PlanType, type Product } from '../../api/products';
import { userQuery } from '../../api/users';
import { useSession } from '../../api/session';
import { getReferral } from '../../lib/referral';
import { signInPath } from '../../lib/redirects';
import { Button } from '../../components/Button';
import { ConfirmModal } from '../../components/ConfirmModal';
import { Spinner } from '../../components/Spinner';
import { buttonLabel, credits, planAction, priceLabel, TIER_ICON, visiblePlans } from './plans';

type Dialog = null | 'login-required' | 'live-required';

/** Navigation to the payment provider; replaced in unit tests. */
export const redirectTo = { go: (url: string) => window.location.assign(url) };

export function PlanList({ type, showEnterprise = type === 'api' }: { type: PlanType; showEnterprise?: boolean }) {
  const { signedIn } = useSession();
  const products = useQuery(productsQuery(type));
  const user = useQuery({ ...userQuery(), enabled: signedIn });
  const [loadingId, setLoadingId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [unavailable, setUnavailable] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();

  if (products.isPending || (signedIn && user.isPending)) {
    return (
      <div className="page-spinner">
        <Spinner />
      </div>
    );
  }
  if (products.isError) {
    return (
      <p className="form-error" role="alert">
        The plans could not be loaded. {products.error.message}
      </p>
    );
  }

  const plans = visiblePlans(products.data.products, type, user.data);
  const payments = products.data.payments;
  // The Enterprise card comes from the API list (a product without a price); a list without one still
  // shows it.
  const enterpriseListed = plans.some((p) => priceOf(p) === null);

  const choose = async (product: Product) => {
    const action = planAction(product, type, user.data, signedIn);
    if (action.kind === 'login-required' || action.kind === 'live-required') {
      setDialog(action.kind);
      return;
    }
    setLoadingId(product.id);
    try {
      const { url } =
        action.kind === 'checkout' ? await createCheckoutSession(action.priceId, { type, referral: getReferral() }) : await createPortalSession();
      redirectTo.go(url);
    } catch (err) {
      if (isPurchasingUnavailable(err)) setUnavailable(true);
      else console.warn('[pricing] checkout failed', err);
    } finally {
      setLoadingId(null);
    }
  };

  const background = (location.state as { backgroundLocation?: { pathname: string } } | null)?.backgroundLocation;
  const returnPath = background?.pathname ?? location.pathname;

  return (
    <div className="plan-list-wrap">
      {payments === 'test' && (
        <p className="notice notice-warning" role="note" data-testid="test-payments">
          <strong>Test payments</strong>: {TEST_PAYMENTS_DETAIL}
        </p>
      )}
      {(unavailable || payments === 'off') && (
        <p className="notice notice-info" role="alert" data-testid="purchasing-unavailable">
          {PURCHASING_UNAVAILABLE} Plans cannot be bought or changed online here; please contact us instead.
        </p>
      )}
      <ul className="plan-list" aria-label={type === 'api' ? 'API plans' : 'Subscription plans'}>
        {plans.map((product) => (
          <li
            key={product.id}
            className={`plan-card card${product.mostPopular ? ' is-popular' : ''}`}
            data-testid={priceOf(product) === null ? 'plan-card-enterprise' : 'plan-card'}
          >
            {product.mostPopular && <span className="badge badge-accent plan-popular">Most Popular</span>}
            <div className="plan-head">
              <svg className="plan-icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
                <path d={TIER_ICON[product.tier ?? ''] ?? 'M5 12h14M12 5v14'} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <h3 className="plan-name">{product.name}</h3>
            </div>
            <p className="plan-price">{priceLabel(product)}</p>
            {type === 'api' && product.metadata?.credits !== undefined && <p className="plan-credits muted">{credits(product)} requests</p>}
            <p className="plan-description muted">{product.description}</p>
            <ul className="plan-features">
              {product.features.map((f) => (
                <li key={f.name}>{f.name}</li>
              ))}
            </ul>
            {priceOf(product) === null ? (
              <Button block variant="secondary" disabled={loadingId !== null} onClick={() => navigate('/contact-us')}>
                Contact Us
              </Button>
            ) : (
              <Button block loading={loadingId === product.id} disabled={loadingId !== null} onClick={() => void choose(product)}>
                {buttonLabel(product, type, user.data)}
              </Button>
            )}
          </li>
        ))}
        {showEnterprise && !enterpriseListed && (
          <li className="plan-card card" data-testid="plan-card-enterprise">
            <div className="plan-head">
              <h3 className="plan-name">Enterprise</h3>
            </div>
            <p className="plan-price">Unlimited Access</p>
            <p className="plan-description muted">Custom request volumes, service levels and data delivery for teams and platforms.</p>
            <Button block variant="secondary" disabled={loadingId !== null} onClick={() => navigate('/contact-us')}>
              Contact Us
            </Button>
          </li>
        )}
        {plans.length === 0 && !showEnterprise && <li className="muted">You already have the only plan available here.</li>}
      </ul>

      {dialog === 'login-required' && (
        <ConfirmModal
          title="Good choice!"
          content="To get a subscription, please Log in / Sign up first"
          confirmLabel="Log In"
          onConfirm={() => navigate(signInPath(returnPath))}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog === 'live-required' && (
        <ConfirmModal
          title="Good choice!"
          content="Please upgrade to live subsription to proceed further or Contact Us."
          confirmLabel="Ok"
          hideCancel
          extra={
            <Button
              variant="secondary"
              onClick={() => {
                setDialog(null);
                navigate('/contact-us');
              }}
            >
              Contact Us
            </Button>
          }
          onConfirm={() => setDialog(null)}
          onCancel={() => setDialog(null)}
        />
      )}
    </div>
  );
}
