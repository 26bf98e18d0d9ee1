import { useEffect, useId, useMemo, useState } from 'react';
import type { DictionaryTerm } from '../../content/dictionary';
import { DIGITS_FILTER, LETTER_FILTERS, filterDictionary, lettersWithTerms, type LetterFilter } from './dictionaryFilter';

/** The entry a `#term-{id}` hash names (the "?" buttons link there), or null. */
export function termFromHash(hash: string): string | null {
  const m = /^#term-([a-z0-9-]+)$/.exec(hash);
  return m ? m[1] : null;
}

/**
 * Glossary with a contains-search on titles and an A–Z / 0–9 starts-with filter; both combine. An entry
 * named by the `#term-{id}` hash is scrolled into view and marked.
 */
export function Dictionary({ terms }: { terms: readonly DictionaryTerm[] }) {
  const [query, setQuery] = useState('');
  const [letter, setLetter] = useState<LetterFilter>(null);
  const [linked] = useState(() => (typeof window === 'undefined' ? null : termFromHash(window.location.hash)));
  const searchId = useId();
  const results = useMemo(() => filterDictionary(terms, query, letter), [terms, query, letter]);
  const available = useMemo(() => lettersWithTerms(terms), [terms]);

  useEffect(() => {
    if (!linked) return;
    const el = document.getElementById(`term-${linked}`);
    if (el && typeof el.scrollIntoView === 'function') el.scrollIntoView({ block: 'center' });
  }, [linked]);

  return (
    <div className="pub-dictionary">
      <div className="pub-dictionary__controls">
        <label htmlFor={searchId} className="pub-label">
          Search terms
        </label>
        <div className="pub-search">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <input
            id={searchId}
            type="search"
            className="pub-input"
            placeholder="Search, e.g. gamma"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoComplete="off"
          />
        </div>
        <div className="pub-letters" role="group" aria-label="Filter by first letter">
          <button
            type="button"
            className={`pub-letter pub-letter--all${letter === null ? ' is-active' : ''}`}
            aria-pressed={letter === null}
            onClick={() => setLetter(null)}
          >
            All
          </button>
          {LETTER_FILTERS.map((l) => (
            <button
              key={l}
              type="button"
              className={`pub-letter${letter === l ? ' is-active' : ''}${available.has(l) ? '' : ' is-empty'}`}
              aria-pressed={letter === l}
              aria-label={l === DIGITS_FILTER ? 'Terms starting with a digit' : `Terms starting with ${l}`}
              onClick={() => setLetter((cur) => (cur === l ? null : l))}
            >
              {l}
            </button>
          ))}
        </div>
      </div>
      <p className="pub-dictionary__count" aria-live="polite">
        {results.length === 0 ? '' : `${results.length} ${results.length === 1 ? 'term' : 'terms'}`}
      </p>
      {results.length === 0 ? (
        <p className="pub-empty" role="status">
          No results
        </p>
      ) : (
        <dl className="pub-terms" data-testid="dictionary-results">
          {results.map((t) => (
            <div
              key={t.title}
              id={t.id ? `term-${t.id}` : undefined}
              className={`pub-term${t.id && t.id === linked ? ' is-linked' : ''}`}
              aria-current={t.id && t.id === linked ? 'true' : undefined}
            >
              <dt className="pub-term__title">{t.title}</dt>
              <dd className="pub-term__text">{t.description}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
