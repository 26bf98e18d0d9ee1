import { Link } from 'react-router';
import { useId, useState } from 'react';
import { DEFAULT_FEATURE_TAB, featureTabs, type FeaturePreviewKind } from '../../content/features';
import { testimonials } from '../../content/testimonials';
import { MEDIA_STRIP, mediaMarks } from '../../content/media';
import { Tabs, tabId, tabPanelId } from '../../components/Tabs';
import { FeaturePreview } from './FeaturePreview';
import { Carousel } from './Carousel';
import { MediaStrip } from './MediaStrip';
import { Section } from './blocks';

export function FeatureShowcase() {
  const [tab, setTab] = useState<FeaturePreviewKind>(DEFAULT_FEATURE_TAB);
  const idBase = `features${useId().replace(/:/g, '')}`;
  return (
    <Section id="features" eyebrow="Platform" title="Everything dealers hedge, on one screen">
      <Tabs items={featureTabs} value={tab} onChange={setTab} label="Platform features" idBase={idBase} className="pub-tabs pub-tabs--features" tabClassName="pub-tabs__tab" />
      {featureTabs.map((f) => (
        <div
          key={f.id}
          role="tabpanel"
          id={tabPanelId(idBase, f.id)}
          aria-labelledby={tabId(idBase, f.id)}
          hidden={f.id !== tab}
          className="pub-feature"
          tabIndex={0}
        >
          <div className="pub-feature__copy">
            <h3 className="pub-feature__title">{f.title}</h3>
            <p>{f.text}</p>
            <ul className="pub-checklist">
              {f.points.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
          <div className="pub-feature__preview">{f.id === tab && <FeaturePreview kind={f.id} />}</div>
        </div>
      ))}
    </Section>
  );
}

/** 'API for Integration'. The 'Learn More about API' link is shown on the home page only. */
export function ApiIntegrationSection({ showLearnMore }: { showLearnMore: boolean }) {
  return (
    <Section id="api-integration" eyebrow="Data API" title="API for Integration" className="pub-section--accent">
      <div className="pub-split">
        <div>
          <p className="pub-section__lead">
            Bring Volland’s exposure, trend, paradigm, 0DTE and derived metrics into your own models, bots and dashboards.
            One endpoint, JSON in and out, and simple per-request credits.
          </p>
          {showLearnMore && (
            <div className="pub-actions">
              <Link to="/api" className="pub-button pub-button--primary">
                Learn More about API
              </Link>
            </div>
          )}
        </div>
        <pre className="pub-code" aria-label="Example request body">
          {`{
  "requests": [
    { "request_type": "exposure_request",
      "ticker": "SPX", "greek": "gamma",
      "kind": "both", "expirations": ["*"] }
  ]
}`}
        </pre>
      </div>
    </Section>
  );
}

export function MediaSection() {
  return (
    <section className="pub-section pub-section--media" aria-labelledby="media-heading">
      <div className="pub-container">
        <h2 id="media-heading" className="pub-section__title pub-section__title--small">
          Trusted by Global Media
        </h2>
      </div>
      <MediaStrip items={mediaMarks} gap={MEDIA_STRIP.gap} speed={MEDIA_STRIP.speed} hoverSpeed={MEDIA_STRIP.hoverSpeed} />
    </section>
  );
}

function initials(name: string): string {
  const letters = name.replace(/[^A-Za-z ]/g, ' ').trim().split(/\s+/).map((w) => w[0]);
  return (letters.length > 1 ? letters.slice(0, 2).join('') : name.slice(0, 2)).toUpperCase();
}

export function TestimonialsSection() {
  return (
    <Section id="testimonials" eyebrow="Testimonials" title="Tried, tested, and treasured">
      <Carousel label="Customer reviews">
        {testimonials.map((t) => (
          <figure key={t.id} className="pub-review">
            <blockquote className="pub-review__text">“{t.text}”</blockquote>
            <figcaption className="pub-review__author">
              <span
                className="pub-review__avatar"
                aria-hidden="true"
                style={{ background: `linear-gradient(135deg, ${t.colors[0]}, ${t.colors[1]})` }}
              >
                {initials(t.name)}
              </span>
              <span>
                <strong>{t.name}</strong>
                <span className="pub-review__role">{t.role}</span>
              </span>
            </figcaption>
          </figure>
        ))}
      </Carousel>
    </Section>
  );
}
