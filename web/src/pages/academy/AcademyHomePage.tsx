// The academy home (/academy): the course's general info, its published sections with the learner's
// progress (share of each section's lessons finished) and points. Visitors see the introduction and
// are asked to log in: every learner call needs an access token.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { generalInfoQuery, progressQuery, sectionsQuery } from '../../api/lms';
import { useSession } from '../../api/session';
import { links } from '../../content/links';
import { PageSpinner } from '../../components/Spinner';
import { Markdown } from '../public/Markdown';
import { LearnMoreCards, type LearnCard } from '../public/blocks';
import { usePageTitle } from '../public/usePageTitle';
import { Points, ProgressBar } from './shared';
import './academy.css';

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
];

function SectionList() {
  const sections = useQuery(sectionsQuery());
  const progress = useQuery(progressQuery());
  if (sections.isPending) return <PageSpinner />;
  if (sections.isError) return <p className="form-error">The sections could not be loaded. Please try again.</p>;
  const list = sections.data;
  if (list.length === 0) return <p className="muted">No section is published yet. Come back soon.</p>;
  const allDone = list.every((s) => s.lessonsCount > 0 && s.finishedLessons === s.lessonsCount);
  return (
    <>
      <div className="academy-item__meta">
        {progress.data && <Points points={progress.data.userLmsPoints} />}
        <Link className="btn btn-secondary btn-small" to="/academy/result">
          Overall result
        </Link>
        {allDone && (
          <Link className="btn btn-primary btn-small" to="/academy/complete">
            Course complete
          </Link>
        )}
      </div>
      <ol className="academy-list" aria-label="Sections">
        {list.map((s, index) => (
          <li key={s.id} className="academy-item" data-testid="academy-section">
            <h2>
              <Link to={`/academy/section/${s.id}`}>
                {index + 1}. {s.title}
              </Link>
            </h2>
            {s.description && <p className="muted">{s.description}</p>}
            <div className="academy-item__meta">
              <span>
                {s.finishedLessons} of {s.lessonsCount} lessons finished
              </span>
              <ProgressBar value={s.progress} label={`Progress of ${s.title}`} />
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}

export function AcademyHomePage() {
  usePageTitle('Academy');
  const { signedIn } = useSession();
  const info = useQuery(generalInfoQuery());
  const title = info.data?.title || 'Volland Academy';

  return (
    <main className="pub-page pub-academy" aria-labelledby="academy-title">
      <div className="pub-hero">
        <div className="pub-container pub-hero__inner">
          <p className="pub-eyebrow">Academy</p>
          <h1 id="academy-title" className="pub-hero__title">
            {title}
          </h1>
          {info.data?.description ? (
            <Markdown className="pub-hero__text" source={info.data.description} />
          ) : (
            <p className="pub-hero__text">Short lessons on the greeks and dealer hedging, each followed by a quiz that earns points.</p>
          )}
          <div className="pub-actions">
            {signedIn ? (
              <Link className="pub-button pub-button--primary" to={links.workspaces}>
                Go to Workspaces
              </Link>
            ) : (
              <>
                <Link className="pub-button pub-button--primary" to="/sign-in?redirectUri=%2Facademy">
                  Log in to start learning
                </Link>
                <Link className="pub-button pub-button--secondary" to={links.signUp}>
                  Sign Up
                </Link>
              </>
            )}
          </div>
        </div>
      </div>
      {signedIn && (
        <div className="pub-container academy-container">
          <SectionList />
        </div>
      )}
      <LearnMoreCards cards={ACADEMY_CARDS} title="More ways to learn" />
    </main>
  );
}

export default AcademyHomePage;
