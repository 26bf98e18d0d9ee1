import { PlanList } from './PlanList';

export function PricingHeading() {
  return (
    <div className="pricing-heading">
      <h1>Pricing</h1>
      <p className="pricing-lead">Unlock options dealer positioning.</p>
      <p className="muted">Select the monthly plan that fits your needs.</p>
      <p className="muted small">No free trials. Every plan shows the same data; tiers differ only in how often the dashboard updates.</p>
    </div>
  );
}

export default function PricingPage() {
  return (
    <main className="page pricing-page">
      <PricingHeading />
      <PlanList type="regular" />
    </main>
  );
}
