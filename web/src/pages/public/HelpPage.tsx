import { useEffect, useId } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { dictionaryTerms } from '../../content/dictionary';
import { helpFaq } from '../../content/faq';
import { greeks } from '../../content/greeks';
import { links } from '../../content/links';
import { Accordion } from './Accordion';
import { CommunityBlock, NEW_TAB } from './blocks';
import { Dictionary } from './Dictionary';
import { Tabs, tabId, tabPanelId, type TabItem } from '../../components/Tabs';
import { usePageTitle } from './usePageTitle';

export type HelpTab = 'about' | 'faq' | 'greeks' | 'dictionary';

export const HELP_TABS: TabItem<HelpTab>[] = [
  { id: 'about', label: 'About' },
  { id: 'faq', label: 'FAQ' },
  { id: 'greeks', label: 'Greeks' },
  { id: 'dictionary', label: 'Dictionary' },
];

const GREEK_IDS = new Set(greeks.map((g) => g.id));

/**
 * The active tab lives in the `tab` query parameter so every tab can be linked; a hash naming a greek
 * (`/help#vanna`) opens the Greeks tab on that entry.
 */
export function resolveHelpTab(param: string | null, hash: string): HelpTab {
  if (param && HELP_TABS.some((t) => t.id === param)) return param as HelpTab;
  if (GREEK_IDS.has(hash.replace(/^#/, ''))) return 'greeks';
  return 'about';
}

function AboutTab() {
  return (
    <div className="pub-prose">
      <h2>How to get the most out of Volland</h2>
      <p>
        Volland estimates the positions option dealers hold and the hedging those positions require. Because dealers
        hedge in the underlying, their flows move prices — and knowing where those flows sit gives you levels and regimes
        to plan around.
      </p>
      <ol className="pub-steps">
        <li>
          <strong>Choose a plan.</strong> Every tier includes the same data; pick the refresh frequency that suits the way
          you trade.
        </li>
        <li>
          <strong>Create a workspace.</strong> Start from a preset — Summary, Exposure or 0DTE — or build your own layout
          widget by widget.
        </li>
        <li>
          <strong>Read the greeks.</strong> Use the Greeks tab for what each exposure means and the Dictionary for any
          term you meet along the way.
        </li>
        <li>
          <strong>Keep learning.</strong> The full manual, the academy and our community cover strategies in depth.
        </li>
      </ol>
      <p>
        Your subscription can be changed at any time from <strong>Manage Subscription</strong> in the top-right user menu
        of the workspace.
      </p>
    </div>
  );
}

function GreeksTab() {
  return (
    <div className="pub-greeks">
      <nav className="pub-greeks__nav" aria-label="Greeks">
        <ul>
          {greeks.map((g) => (
            <li key={g.id}>
              <Link to={{ search: '?tab=greeks', hash: `#${g.id}` }} preventScrollReset>
                {g.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="pub-greeks__list">
        {greeks.map((g) => (
          <article key={g.id} id={g.id} className="pub-greek" aria-labelledby={`${g.id}-title`}>
            <h2 id={`${g.id}-title`} className="pub-greek__title">
              {g.title}
              <a href={`#${g.id}`} className="pub-anchor" aria-label={`Link to ${g.title}`}>
                #
              </a>
            </h2>
            <p className="pub-greek__subtitle">{g.subtitle}</p>
            {g.text.map((t) => (
              <p key={t}>{t}</p>
            ))}
          </article>
        ))}
      </div>
    </div>
  );
}

export function HelpPage() {
  usePageTitle('Help and Guidance');
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const tab = resolveHelpTab(params.get('tab'), location.hash);
  const idBase = `help${useId().replace(/:/g, '')}`;

  // Scroll to a greek anchor once its tab is rendered (covers links opened from other pages).
  useEffect(() => {
    const id = location.hash.replace(/^#/, '');
    if (tab !== 'greeks' || !GREEK_IDS.has(id)) return;
    const frame = window.requestAnimationFrame(() => {
      document.getElementById(id)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    });
    return () => window.cancelAnimationFrame(frame);
  }, [tab, location.hash]);

  const selectTab = (id: HelpTab) => setParams({ tab: id }, { replace: true, preventScrollReset: true });

  return (
    <div className="pub-page pub-help">
      <header className="pub-hero pub-hero--compact">
        <div className="pub-container pub-hero__inner pub-hero__inner--row">
          <div>
            <h1 className="pub-hero__title">Help and Guidance</h1>
            <p className="pub-hero__text">Answers, explanations and a glossary for everything you see in Volland.</p>
          </div>
          <div className="pub-actions">
            <a className="pub-button pub-button--secondary" href={links.userGuideEs} {...NEW_TAB} lang="es">
              Guía Del Español
            </a>
            <a className="pub-button pub-button--primary" href={links.userGuideEn} {...NEW_TAB}>
              Download Full Manual
            </a>
          </div>
        </div>
      </header>
      <div className="pub-container pub-help__body">
        <Tabs items={HELP_TABS} value={tab} onChange={selectTab} label="Help sections" idBase={idBase} className="pub-tabs" tabClassName="pub-tabs__tab" />
        {HELP_TABS.map((t) => (
          <div
            key={t.id}
            role="tabpanel"
            id={tabPanelId(idBase, t.id)}
            aria-labelledby={tabId(idBase, t.id)}
            hidden={t.id !== tab}
            className="pub-tabpanel"
          >
            {t.id === tab && t.id === 'about' && <AboutTab />}
            {t.id === tab && t.id === 'faq' && (
              <Accordion
                items={helpFaq.map((f) => ({
                  id: f.id,
                  title: f.question,
                  content: f.answer.map((a) => <p key={a}>{a}</p>),
                }))}
              />
            )}
            {t.id === tab && t.id === 'greeks' && <GreeksTab />}
            {t.id === tab && t.id === 'dictionary' && <Dictionary terms={dictionaryTerms} />}
          </div>
        ))}
      </div>
      {tab === 'faq' && <CommunityBlock />}
    </div>
  );
}
