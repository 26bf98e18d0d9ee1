import { Link, useNavigate } from 'react-router';
import { useSession } from '../../api/session';
import { useSiteLinks } from '../../api/siteConfig';
import { links } from '../../content/links';
import { CommunityBlock, NEW_TAB } from './blocks';
import { ApiIntegrationSection, FeatureShowcase, MediaSection, TestimonialsSection } from './sections';
import { PlanList } from '../pricing/PlanList';
import { usePageTitle } from './usePageTitle';

export const SUBSCRIPTIONS_ANCHOR = 'subscriptions';

/** Smoothly scrolls to an element on this page and records the hash without adding history entries. */
export function scrollToAnchor(id: string, navigate: ReturnType<typeof useNavigate>) {
  const target = document.getElementById(id);
  const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target?.scrollIntoView?.({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  navigate({ hash: `#${id}` }, { replace: true, preventScrollReset: true, state: { scrolled: true } });
}

export function HomePage() {
  usePageTitle(null);
  const navigate = useNavigate();
  const siteLinks = useSiteLinks();
  const { signedIn } = useSession();

  return (
    <div className="pub-page pub-home">
      <header className="pub-hero pub-hero--home">
        <div className="pub-container pub-hero__inner">
          <Link to={links.academy} className="pub-new-badge">
            <span className="pub-new-badge__tag">New!</span>
            <span>Meet the Academy</span>
            <span aria-hidden="true">→</span>
          </Link>
          <h1 className="pub-hero__title">Option Dealers' Hedging Requirements. Your Edge.</h1>
          <p className="pub-hero__text">
            A precise, granular picture of option dealer positioning: exposure to every major greek, at every strike and
            expiration, across more than 200 equities, ETFs and indexes.
          </p>
          <div className="pub-actions">
            <button type="button" className="pub-button pub-button--primary" onClick={() => scrollToAnchor(SUBSCRIPTIONS_ANCHOR, navigate)}>
              Subscription Info
            </button>
            {siteLinks.community && (
              <a className="pub-button pub-button--secondary" href={siteLinks.community} {...NEW_TAB}>
                Join the Community
              </a>
            )}
          </div>
          <ul className="pub-hero__facts" aria-label="Highlights">
            <li><strong>200+</strong> tickers</li>
            <li><strong>9</strong> greeks</li>
            <li><strong>12</strong> months of history</li>
          </ul>
        </div>
      </header>

      <FeatureShowcase />
      <ApiIntegrationSection showLearnMore />
      <MediaSection />

      <section id={SUBSCRIPTIONS_ANCHOR} aria-labelledby="subscriptions-heading" className="pub-section pub-section--pricing">
        <div className="pub-container">
          <h2 id="subscriptions-heading" className="pub-section__title">
            Pricing
          </h2>
          <p className="pub-section__subtitle">Unlock options dealer positioning.</p>
          <p className="pub-section__lead">Select the monthly plan that fits your needs.</p>
          <p className="pub-section__note">
            Every tier includes the same charts, greeks and tickers; they differ only in how often your dashboard updates.
            No free trials.
          </p>
          <PlanList type="regular" />
        </div>
      </section>

      <TestimonialsSection />

      <section className="pub-section pub-cta" aria-labelledby="cta-heading">
        <div className="pub-container pub-cta__inner">
          <h2 id="cta-heading" className="pub-section__title">Trade with the hedging flows, not against them.</h2>
          <p className="pub-section__lead">Build your first workspace in minutes and see where dealers have to act.</p>
          <div className="pub-actions">
            {signedIn ? (
              <Link to={links.workspaces} className="pub-button pub-button--primary">
                Go to Workspaces
              </Link>
            ) : (
              <Link to={links.signUp} className="pub-button pub-button--primary">
                Create account
              </Link>
            )}
          </div>
        </div>
      </section>

      <CommunityBlock />
    </div>
  );
}
