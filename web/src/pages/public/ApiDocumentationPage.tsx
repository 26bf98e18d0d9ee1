import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { Markdown } from './Markdown';
import { extractPublicApiDoc, type DocExample, type DocField } from './openapiDocs';
import { errorMessage } from '../../api/client';
import { openapiQuery } from '../../api/openapi';
import { usePageTitle } from './usePageTitle';

function FieldTable({ fields, caption }: { fields: DocField[]; caption: string }) {
  if (fields.length === 0) return null;
  return (
    <div className="pub-table-wrap">
      <table className="pub-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Type</th>
            <th scope="col">Required</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={f.name}>
              <th scope="row">
                <code>{f.name}</code>
              </th>
              <td>{f.type}</td>
              <td>{f.required ? 'Yes' : 'No'}</td>
              <td>
                {f.description && <Markdown source={f.description} className="pub-table__md" />}
                {f.enumValues && f.enumValues.length > 0 && f.enumValues.length <= 20 && (
                  <p className="pub-table__enum">
                    One of:{' '}
                    {f.enumValues.map((v, i) => (
                      <span key={v}>
                        {i > 0 && ', '}
                        <code>{v}</code>
                      </span>
                    ))}
                  </p>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Example({ example }: { example: DocExample }) {
  const text = typeof example.value === 'string' ? example.value : JSON.stringify(example.value, null, 2);
  return (
    <figure className="pub-example">
      <figcaption>
        <strong>{example.title}</strong>
        {example.description && <span> — {example.description}</span>}
      </figcaption>
      <pre className="pub-code" tabIndex={0}>
        {text}
      </pre>
    </figure>
  );
}

function Tickers({ tickers }: { tickers: string[] }) {
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const needle = filter.trim().toUpperCase();
    return needle ? tickers.filter((t) => t.toUpperCase().includes(needle)) : tickers;
  }, [tickers, filter]);
  return (
    <>
      <p>
        {tickers.length} symbols are supported. Use the <code>ticker</code> field with one of them, in upper case.
      </p>
      <label className="pub-label" htmlFor="ticker-filter">
        Find a ticker
      </label>
      <input id="ticker-filter" type="search" className="pub-input pub-input--narrow" value={filter} onChange={(e) => setFilter(e.target.value)} autoComplete="off" />
      {shown.length === 0 ? (
        <p className="pub-empty">No results</p>
      ) : (
        <ul className="pub-tickers" aria-label="Supported tickers">
          {shown.map((t) => (
            <li key={t}>
              <code>{t}</code>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const TOC = [
  { id: 'overview', label: 'Overview' },
  { id: 'authentication', label: 'Authentication' },
  { id: 'request', label: 'Request' },
  { id: 'request-types', label: 'Request types' },
  { id: 'examples', label: 'Examples' },
  { id: 'responses', label: 'Responses and errors' },
  { id: 'tickers', label: 'Supported tickers' },
];

export function ApiDocumentationPage() {
  usePageTitle('API Documentation');
  const { data, isPending, isError, error, refetch } = useQuery(openapiQuery());
  const doc = useMemo(() => (data === undefined ? null : extractPublicApiDoc(data)), [data]);

  let body;
  if (isPending) {
    body = (
      <div className="pub-center">
        <Spinner label="Loading the API documentation" />
      </div>
    );
  } else if (isError || !doc) {
    body = (
      <div className="pub-alert" role="alert">
        <p>
          {isError
            ? errorMessage(error, 'The API documentation could not be loaded.')
            : 'This installation does not publish the data API yet, so there is nothing to document here.'}
        </p>
        {isError && (
          <button type="button" className="pub-button pub-button--secondary" onClick={() => refetch()}>
            Try again
          </button>
        )}
      </div>
    );
  } else {
    const errors = doc.responses.filter((r) => /^[45]/.test(r.status));
    const successes = doc.responses.filter((r) => !/^[45]/.test(r.status));
    body = (
      <div className="pub-docs__layout">
        <nav className="pub-docs__toc" aria-label="On this page">
          <ul>
            {TOC.filter((t) => t.id !== 'tickers' || doc.tickers.length > 0).map((t) => (
              <li key={t.id}>
                <a href={`#${t.id}`}>{t.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="pub-docs__content">
          <section id="overview" aria-labelledby="overview-h">
            <h2 id="overview-h">{doc.summary ?? 'Overview'}</h2>
            <p className="pub-endpoint">
              <span className="pub-method">{doc.method}</span>
              <code>{doc.path}</code>
            </p>
            {doc.description && <Markdown source={doc.description} className="pub-prose" />}
            {doc.alternates.map((a) => (
              <div key={a.method} className="pub-alternate">
                <p className="pub-endpoint">
                  <span className="pub-method">{a.method}</span>
                  <code>{doc.path}</code>
                  {a.summary && <span>— {a.summary}</span>}
                </p>
                {a.description && <Markdown source={a.description} className="pub-prose" />}
              </div>
            ))}
            {doc.creditsPerItem !== undefined && (
              <p>
                <strong>Credits:</strong> each item in <code>requests</code> costs {doc.creditsPerItem}{' '}
                {doc.creditsPerItem === 1 ? 'credit' : 'credits'}.
              </p>
            )}
          </section>

          <section id="authentication" aria-labelledby="authentication-h">
            <h2 id="authentication-h">Authentication</h2>
            {doc.authHeaders.length > 0 ? (
              <ul>
                {doc.authHeaders.map((h) => (
                  <li key={h.name}>
                    Header <code>{h.name}</code>
                    {h.description && <>: {h.description}</>}
                  </li>
                ))}
              </ul>
            ) : (
              <p>The document lists no authentication for this operation.</p>
            )}
            <p>
              Create and manage keys in <Link to="/app/user-settings/api-key">API keys</Link> in your user settings.
            </p>
          </section>

          <section id="request" aria-labelledby="request-h">
            <h2 id="request-h">Request</h2>
            <FieldTable fields={doc.bodyFields} caption="Request body" />
            <FieldTable fields={doc.itemFields} caption="Each item of requests" />
          </section>

          <section id="request-types" aria-labelledby="request-types-h">
            <h2 id="request-types-h">Request types</h2>
            {doc.requestTypes.length === 0 ? (
              <p>The document does not list request types.</p>
            ) : (
              <div className="pub-table-wrap">
                <table className="pub-table">
                  <caption>Required fields per request type</caption>
                  <thead>
                    <tr>
                      <th scope="col">request_type</th>
                      <th scope="col">Required fields</th>
                      <th scope="col">Description</th>
                    </tr>
                  </thead>
                  <tbody>
                    {doc.requestTypes.map((t) => (
                      <tr key={t.name}>
                        <th scope="row">
                          <code>{t.name}</code>
                        </th>
                        <td>
                          {t.required.map((r, i) => (
                            <span key={r}>
                              {i > 0 && ', '}
                              <code>{r}</code>
                            </span>
                          ))}
                        </td>
                        <td>{t.description && <Markdown source={t.description} className="pub-table__md" />}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>

          <section id="examples" aria-labelledby="examples-h">
            <h2 id="examples-h">Examples</h2>
            {doc.requestExamples.length === 0 && successes.every((r) => r.examples.length === 0) && <p>The document contains no examples.</p>}
            {doc.requestExamples.map((ex) => (
              <Example key={`req-${ex.key}`} example={ex} />
            ))}
            {successes.flatMap((r) => r.examples.map((ex) => <Example key={`res-${r.status}-${ex.key}`} example={ex} />))}
          </section>

          <section id="responses" aria-labelledby="responses-h">
            <h2 id="responses-h">Responses and errors</h2>
            <div className="pub-table-wrap">
              <table className="pub-table">
                <caption>Status codes</caption>
                <thead>
                  <tr>
                    <th scope="col">Status</th>
                    <th scope="col">Meaning</th>
                  </tr>
                </thead>
                <tbody>
                  {doc.responses.map((r) => (
                    <tr key={r.status} data-testid={`response-${r.status}`}>
                      <th scope="row">
                        <code>{r.status}</code>
                      </th>
                      <td>{r.description && <Markdown source={r.description} className="pub-table__md" />}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {errors.flatMap((r) => r.examples.map((ex) => <Example key={`err-${r.status}-${ex.key}`} example={ex} />))}
          </section>

          {doc.tickers.length > 0 && (
            <section id="tickers" aria-labelledby="tickers-h">
              <h2 id="tickers-h">Supported tickers</h2>
              <Tickers tickers={doc.tickers} />
            </section>
          )}

          {doc.related.length > 0 && (
            <section id="related" aria-labelledby="related-h">
              <h2 id="related-h">Related operations</h2>
              <ul>
                {doc.related.map((r) => (
                  <li key={`${r.method} ${r.path}`}>
                    <span className="pub-method">{r.method}</span> <code>{r.path}</code>
                    {r.summary && <> — {r.summary}</>}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className="pub-page pub-docs">
      <div className="pub-docs__container">
        <header className="pub-docs__header">
          <h1 className="pub-hero__title">API Documentation</h1>
          <p className="pub-hero__text">
            Everything you need to call the Volland data API{doc?.version ? ` (version ${doc.version})` : ''}. This page is
            generated from the live API description, so it always matches the server.
          </p>
        </header>
        {body}
      </div>
    </div>
  );
}
