import { links } from '../../content/links';
import { LearnMoreCards, NEW_TAB, PageHero, Section, learnCards } from './blocks';
import { usePageTitle } from './usePageTitle';

export function ResourcesPage() {
  usePageTitle('Resources');
  return (
    <div className="pub-page pub-resources">
      <PageHero
        eyebrow="Resources"
        title="Learn to read dealer positioning"
        text="Guides, research and a community to take you from your first exposure chart to a complete trading framework."
      />
      <Section id="academy" title="Meet Volland Academy" className="pub-section--accent">
        <div className="pub-split">
          <div>
            <p className="pub-section__lead">
              Structured lessons on the greeks, dealer hedging and the Volland toolkit, with quizzes to check your
              understanding and points to track your progress.
            </p>
            <div className="pub-actions">
              <a href={links.academy} className="pub-button pub-button--primary" {...NEW_TAB}>
                Start Learning
              </a>
            </div>
          </div>
          <ul className="pub-checklist pub-checklist--large">
            <li>Short lessons, from the basics to advanced flows</li>
            <li>Quizzes after every lesson</li>
            <li>Progress and points saved to your account</li>
          </ul>
        </div>
      </Section>
      <LearnMoreCards cards={[learnCards.whitePaper, learnCards.userGuide, learnCards.community, learnCards.videos]} />
    </div>
  );
}
