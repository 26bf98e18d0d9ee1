import { privacyPolicy, termsOfService, type LegalDocument } from '../../content/legal';
import { usePageTitle } from './usePageTitle';

function LegalPage({ doc }: { doc: LegalDocument }) {
  usePageTitle(doc.title);
  return (
    <div className="pub-page pub-legal">
      <div className="pub-container pub-legal__inner">
        <header className="pub-legal__header">
          <h1 className="pub-hero__title">{doc.title}</h1>
          <p className="pub-legal__date">Last updated {doc.lastUpdated}</p>
        </header>
        <nav className="pub-legal__toc" aria-label="Contents">
          <ol>
            {doc.sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.heading.replace(/^\d+\.\s*/, '')}</a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="pub-prose">
          <p>{doc.intro}</p>
          {doc.sections.map((s) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-h`}>
              <h2 id={`${s.id}-h`}>{s.heading}</h2>
              {s.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
              {s.list && (
                <ul>
                  {s.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </article>
      </div>
    </div>
  );
}

export function TermsOfServicePage() {
  return <LegalPage doc={termsOfService} />;
}

export function PrivacyPolicyPage() {
  return <LegalPage doc={privacyPolicy} />;
}
