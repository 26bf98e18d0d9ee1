import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { resolveSiteHref, useSiteLinks } from '../../api/siteConfig';
import { links } from '../../content/links';

/** Opens in a new tab without giving the target page access to ours. */
export const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

export function PageHero({
  eyebrow,
  title,
  text,
  actions,
  id,
}: {
  eyebrow?: string;
  title: string;
  text?: ReactNode;
  actions?: ReactNode;
  id?: string;
}) {
  return (
    <header className="pub-hero" id={id}>
      <div className="pub-container pub-hero__inner">
        {eyebrow && <p className="pub-eyebrow">{eyebrow}</p>}
        <h1 className="pub-hero__title">{title}</h1>
        {text && <p className="pub-hero__text">{text}</p>}
        {actions && <div className="pub-actions">{actions}</div>}
      </div>
    </header>
  );
}

export function Section({
  id,
  title,
  eyebrow,
  lead,
  children,
  className,
}: {
  id?: string;
  title: string;
  eyebrow?: string;
  lead?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={`pub-section${className ? ` ${className}` : ''}`}>
      <div className="pub-container">
        {eyebrow && <p className="pub-eyebrow">{eyebrow}</p>}
        <h2 id={headingId} className="pub-section__title">
          {title}
        </h2>
        {lead && <div className="pub-section__lead">{lead}</div>}
        {children}
      </div>
    </section>
  );
}

function Icon({ name }: { name: 'chat' | 'video' | 'doc' | 'book' | 'mail' }) {
  const paths: Record<typeof name, string> = {
    chat: 'M4 5h16v10H9l-5 4z',
    video: 'M3 6h13v12H3zM16 10l5-3v10l-5-3',
    doc: 'M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6',
    book: 'M4 5c3-1 6-1 8 1 2-2 5-2 8-1v14c-3-1-6-1-8 1-2-2-5-2-8-1zM12 6v14',
    mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  };
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" className="pub-card__icon">
      <path d={paths[name]} fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

/** Links to the chat community and the video channel (each shown only when configured). */
export function CommunityBlock() {
  const siteLinks = useSiteLinks();
  if (!siteLinks.community && !siteLinks.video) return null;
  return (
    <section className="pub-community" aria-labelledby="community-heading">
      <div className="pub-container pub-community__inner">
        <div>
          <h2 id="community-heading" className="pub-section__title">Join the community</h2>
          <p className="pub-section__lead">
            Trade ideas, market recaps and walkthroughs from traders who read dealer positioning every day.
          </p>
        </div>
        <div className="pub-actions">
          {siteLinks.community && (
            <a className="pub-button pub-button--primary" href={siteLinks.community} {...NEW_TAB}>
              <Icon name="chat" /> Join the chat community
            </a>
          )}
          {siteLinks.video && (
            <a className="pub-button pub-button--secondary" href={siteLinks.video} {...NEW_TAB}>
              <Icon name="video" /> Watch on our video channel
            </a>
          )}
        </div>
      </div>
    </section>
  );
}

export interface LearnCard {
  id: string;
  icon: 'chat' | 'video' | 'doc' | 'book' | 'mail';
  title: string;
  text: string;
  /** One or more destinations; external ones open in a new tab. */
  actions: { label: string; href: string; external?: boolean; download?: boolean }[];
}

export const learnCards: Record<string, LearnCard> = {
  whitePaper: {
    id: 'white-paper',
    icon: 'doc',
    title: 'White Paper',
    text: 'The methodology behind our dealer-positioning model, from trade classification to hedging assumptions.',
    actions: [{ label: 'Download PDF', href: links.whitePaper, external: true, download: true }],
  },
  userGuide: {
    id: 'user-guide',
    icon: 'book',
    title: 'User Guide',
    text: 'Every widget, chart and setting explained, and how to read the numbers they show.',
    actions: [
      { label: 'English PDF', href: links.userGuideEn, external: true },
      { label: 'Spanish PDF', href: links.userGuideEs, external: true },
    ],
  },
  community: {
    id: 'community',
    icon: 'chat',
    title: 'Trading Community',
    text: 'Talk through the day’s levels with other subscribers and the Volland team.',
    actions: [{ label: 'Get an invite', href: links.chatCommunity, external: true }],
  },
  videos: {
    id: 'videos',
    icon: 'video',
    title: 'Educational Videos',
    text: 'Short lessons and market breakdowns that show the greeks in action.',
    actions: [{ label: 'Watch videos', href: links.videoChannel, external: true }],
  },
  email: {
    id: 'email',
    icon: 'mail',
    title: 'Contact us',
    text: 'Questions about the data, your subscription or the API? Our team answers every message.',
    actions: [
      { label: 'Send a message', href: links.contact },
      { label: 'E-mail support', href: links.supportEmail, external: true },
    ],
  },
};

export function LearnMoreCards({ cards, title = 'Learn more' }: { cards: LearnCard[]; title?: string }) {
  const siteLinks = useSiteLinks();
  // Actions pointing at an outside link that is not configured are dropped, and a card left without
  // any action is not shown.
  const shown = cards.flatMap((card) => {
    const actions = card.actions.flatMap((a) => {
      const href = resolveSiteHref(a.href, siteLinks);
      return href ? [{ ...a, href }] : [];
    });
    return actions.length ? [{ ...card, actions }] : [];
  });
  return (
    <Section id="learn-more" title={title}>
      <ul className="pub-cards">
        {shown.map((card) => (
          <li key={card.id} className="pub-card">
            <Icon name={card.icon} />
            <h3 className="pub-card__title">{card.title}</h3>
            <p className="pub-card__text">{card.text}</p>
            <div className="pub-card__actions">
              {card.actions.map((a) =>
                a.external ? (
                  <a key={a.label} className="pub-link" href={a.href} {...(a.href.startsWith('mailto:') ? {} : NEW_TAB)} download={a.download || undefined}>
                    {a.label}
                  </a>
                ) : (
                  <Link key={a.label} className="pub-link" to={a.href}>
                    {a.label}
                  </Link>
                ),
              )}
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
