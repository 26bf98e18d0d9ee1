import { Link, useLocation } from 'react-router';
import { PlanList } from '../pricing/PlanList';
import { links } from '../../content/links';
import { PageHero, Section } from './blocks';
import { ApiIntegrationSection } from './sections';
import { usePageTitle } from './usePageTitle';

const REQUEST_TYPES = [
  { name: 'Exposure', text: 'Dealer exposure per strike for any greek, calls, puts or both, across the expirations you choose.' },
  { name: 'Trend', text: 'The daily aggregate of a greek over the last 180 days.' },
  { name: 'Paradigm', text: 'The session’s positioning regime with its target and LIS levels.' },
  { name: '0DTE', text: 'Same-day dealer premium, option volume and aggregate charm.' },
  { name: 'Derived', text: 'Vanna inertia, total dealer premium, DADS and DAP.' },
];

export function ApiPage() {
  usePageTitle('Data API');
  // 'Buy More Requests' opens the API pricing list as a dialog over this page.
  const location = useLocation();
  return (
    <div className="pub-page pub-api">
      <PageHero
        eyebrow="Data API"
        title="Volland data, inside your own product"
        text="The same dealer-positioning analytics that power our dashboards, delivered as JSON to your models, bots, spreadsheets and apps."
        actions={
          <>
            <Link to={links.apiDocumentation} className="pub-button pub-button--primary">
              Read the documentation
            </Link>
            <Link to="/app/user-settings/api-key" className="pub-button pub-button--secondary">
              Get an API key
            </Link>
          </>
        }
      />
      <Section id="what-you-get" title="One endpoint, five kinds of insight">
        <ul className="pub-cards pub-cards--five">
          {REQUEST_TYPES.map((t) => (
            <li key={t.name} className="pub-card">
              <h3 className="pub-card__title">{t.name}</h3>
              <p className="pub-card__text">{t.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <ApiIntegrationSection showLearnMore={false} />
      <Section id="how-it-works" title="How it works">
        <ol className="pub-steps pub-steps--cards">
          <li>
            <strong>Subscribe to Volland Live.</strong> The data API is available to Live subscribers.
          </li>
          <li>
            <strong>Buy a request pack.</strong> Each item in a request uses one credit; batch up to many items in one call.
          </li>
          <li>
            <strong>Generate a key.</strong> Create up to two active keys in user settings and send one in the{' '}
            <code>X-API-KEY</code> header.
          </li>
        </ol>
      </Section>
      <Section
        id="buy-more-requests"
        title="Buy More Requests"
        lead="Our API lets you integrate Volland’s data with your own product. Top up whenever you need more requests — packs never change your subscription."
      >
        <PlanList type="api" />
        <div className="pub-actions">
          <Link to="/app/user-settings/api-pricing" state={{ backgroundLocation: location }} className="pub-button pub-button--primary">
            Buy More Requests
          </Link>
          <Link to={links.apiDocumentation} className="pub-button pub-button--secondary">
            API Documentation
          </Link>
        </div>
      </Section>
    </div>
  );
}
