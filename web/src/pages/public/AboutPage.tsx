import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useSession } from '../../api/session';
import { aboutFaq } from '../../content/faq';
import { links } from '../../content/links';
import { Accordion } from './Accordion';
import { LearnMoreCards, Section, learnCards } from './blocks';
import { SiteStats } from './SiteStats';
import { usePageTitle } from './usePageTitle';
import { activeSourceQuery } from '../../api/stats';
import { sourceClaims } from './dataSource';

const BENEFITS = [
  {
    id: 'impact',
    title: 'Massive dealer impact',
    text: 'Dealers hedge billions of dollars of exposure every session. When their books force them to buy or sell, the underlying moves — we show you where and why.',
  },
  {
    id: 'greeks',
    title: 'Comprehensive greeks',
    text: 'Charm, delta, delta-adjusted gamma, gamma, rho, theta, vanna, vega and vomma, by strike and expiration, live or historical.',
  },
  {
    id: 'clear',
    title: 'Clear and reliable',
    text: 'Clean charts, consistent methodology and a documented model. No noise, no black boxes — just the positioning that matters.',
  },
];

export function AboutPage() {
  usePageTitle('About');
  const { signedIn } = useSession();
  const active = useQuery(activeSourceQuery());
  const claims = sourceClaims(active.data);
  return (
    <div className="pub-page pub-about">
      <header className="pub-hero">
        <div className="pub-container pub-hero__inner">
          <p className="pub-eyebrow">About Volland</p>
          <h1 className="pub-hero__title">Welcome to Volland</h1>
          <p className="pub-hero__text">
            The analytics platform that turns the options market into a map of dealer hedging — so you can see the flows
            before they move the price.
          </p>
          <div className="pub-actions">
            {signedIn ? (
              <Link to={links.workspaces} className="pub-button pub-button--primary">
                Go to Workspaces
              </Link>
            ) : (
              <Link to={links.signUp} className="pub-button pub-button--primary">
                Sign Up Today
              </Link>
            )}
          </div>
        </div>
      </header>

      <Section id="who-we-are" title="Who we are">
        <div className="pub-prose pub-prose--wide">
          <p>
            Volland was founded by traders and quantitative developers who spent years watching markets react to forces
            that price charts could not explain. The answer was in the options market: the hedging that dealers must
            perform to stay neutral.
          </p>
          <p>
            We built Volland to make that hidden layer visible. {claims.engine} Whether you trade options, stocks,
            futures or ETFs, the same map applies.
          </p>
        </div>
      </Section>

      <Section
        id="about-our-data"
        title="About our data"
        lead={claims.lead}
      >
        <SiteStats />
      </Section>

      <Section id="benefits" title="Why traders choose Volland">
        <ul className="pub-cards pub-cards--three">
          {BENEFITS.map((b) => (
            <li key={b.id} className="pub-card">
              <h3 className="pub-card__title">{b.title}</h3>
              <p className="pub-card__text">{b.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="about-faq" title="Frequently asked questions">
        <Accordion
          items={aboutFaq.map((f) => ({ id: f.id, title: f.question, content: f.answer.map((a) => <p key={a}>{a}</p>) }))}
        />
      </Section>

      <LearnMoreCards cards={[learnCards.whitePaper, learnCards.community, learnCards.videos, learnCards.email]} />
    </div>
  );
}
