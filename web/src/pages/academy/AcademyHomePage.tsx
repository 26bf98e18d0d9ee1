// The academy home (/academy and every path below it). The course catalogue (sections, lessons,
// quizzes and points) is not available yet, so this page says so plainly and points to the learning
// material that already exists. Deeper academy links, such as those in e-mails, open this page too.
import { Link, useLocation } from 'react-router';
import { useSession } from '../../app/session';
import { links } from '../../content/links';
import { LearnMoreCards, type LearnCard } from '../public/blocks';
import { usePageTitle } from '../public/usePageTitle';

export const ACADEMY_CARDS: LearnCard[] = [
  {
    id: 'help',
    icon: 'book',
    title: 'Help and Guidance',
    text: 'How to get started, answers to common questions and the full manual to download.',
    actions: [{ label: 'Open Help and Guidance', href: '/help' }],
  },
  {
    id: 'greeks',
    icon: 'doc',
    title: 'The greeks explained',
    text: 'What each exposure measures and how dealer hedging turns it into flows in the underlying.',
    actions: [{ label: 'Read about the greeks', href: '/help?tab=greeks' }],
  },
  {
    id: 'dictionary',
    icon: 'doc',
    title: 'Dictionary',
    text: 'Plain-language definitions of the terms you meet in the charts and in our research.',
    actions: [{ label: 'Browse the dictionary', href: '/help?tab=dictionary' }],
  },
  {
    id: 'resources',
    icon: 'video',
    title: 'Resources',
    text: 'The user guide, the methodology white paper, educational videos and the trading community.',
    actions: [{ label: 'Explore Resources', href: '/resources' }],
  },
];

/** True for a path below /academy (a section, lesson or result link) rather than the home itself. */
export function isAcademySubPath(pathname: string): boolean {
  return pathname.replace(/\/+$/, '') !== '/academy';
}

export function AcademyHomePage() {
  usePageTitle('Academy');
  const { signedIn } = useSession();
  const { pathname } = useLocation();

  return (
    <main className="pub-page pub-academy" aria-labelledby="academy-title">
      <div className="pub-hero">
        <div className="pub-container pub-hero__inner">
          <p className="pub-eyebrow">Academy</p>
          <h1 id="academy-title" className="pub-hero__title">
            Volland Academy
          </h1>
          <p className="pub-hero__text">
            Our courses on the greeks, dealer hedging and the Volland toolkit are being prepared. When they open, you will
            find them here: sections of short lessons, each followed by a quiz, with points that record your progress.
          </p>
          {isAcademySubPath(pathname) && (
            <p className="pub-section__note" data-testid="academy-subpath-note">
              The lesson or section you followed a link to is not open yet. It will be available on this page together with
              the rest of the courses.
            </p>
          )}
          {signedIn && (
            <div className="pub-actions">
              <Link className="pub-button pub-button--primary" to={links.workspaces}>
                Go to Workspaces
              </Link>
            </div>
          )}
        </div>
      </div>
      <LearnMoreCards cards={ACADEMY_CARDS} title="Start learning today" />
    </main>
  );
}

export default AcademyHomePage;
