import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { userQuery } from '../../api/users';
import { formatNumber } from '../../lib/format';
import { PlanList } from '../pricing/PlanList';
import { useOpenModal } from '../../components/Modal';
import { Button } from '../../components/Button';

export const API_PRICING_INTRO =
  'The API lets you integrate Volland data with your own product: exposures, trends, paradigms, 0DTE and derived figures as JSON. Each item in a request costs one API credit.';

export default function ApiPricingPage() {
  const user = useQuery(userQuery());
  const openModal = useOpenModal();
  return (
    <section aria-labelledby="api-pricing-title">
      <div className="section-head">
        <h2 id="api-pricing-title">API Pricing</h2>
        <Button variant="secondary" onClick={() => openModal('/app/user-settings/api-pricing')}>
          Buy More Requests
        </Button>
      </div>
      <p className="muted">{API_PRICING_INTRO}</p>
      <p>
        API credits left: <strong data-testid="api-credits">{formatNumber(user.data?.apiCredits)}</strong>.{' '}
        <Link to="/api/documentation">Read the API documentation</Link>.
      </p>
      <PlanList type="api" />
    </section>
  );
}
