import { Link } from 'react-router';
import { useSiteLinks, useSitePartners, type SiteLinkName } from '../api/siteConfig';

const SOCIAL: { label: string; link: SiteLinkName; icon: string }[] = [
  { label: 'Newsletter', link: 'newsletter', icon: 'M4 6h16v12H4z M4 7l8 6 8-6' },
  { label: 'Chat community', link: 'community', icon: 'M4 5h16v11H9l-5 4z' },
  { label: 'Video channel', link: 'video', icon: 'M3 6h18v12H3z M10 9v6l5-3z' },
  { label: 'Social network', link: 'social', icon: 'M5 5l14 14M19 5L5 19' },
];

export function Footer() {
  const year = new Date().getFullYear();
  const siteLinks = useSiteLinks();
  const partners = useSitePartners();
  const social = SOCIAL.flatMap((s) => (siteLinks[s.link] ? [{ ...s, href: siteLinks[s.link] as string }] : []));
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <nav aria-label="Footer" className="footer-links">
          <Link to="/terms-of-service">Terms Of Service</Link>
          <Link to="/privacy-policy">Privacy Policy</Link>
          {partners.map((p) => (
            <a key={p.url} href={p.url} target="_blank" rel="noopener noreferrer">
              {p.name}
            </a>
          ))}
          {siteLinks.supportEmail && <a href={`mailto:${siteLinks.supportEmail}`}>Support</a>}
          <Link to="/help">Help</Link>
        </nav>
        {social.length > 0 && (
        <ul className="footer-social" aria-label="Social links">
          {social.map((s) => (
            <li key={s.label}>
              <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={s.label} className="icon-btn">
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                  <path d={s.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round" />
                </svg>
              </a>
            </li>
          ))}
        </ul>
        )}
        <p className="copyright">© {year} Volland. All rights reserved.</p>
      </div>
    </footer>
  );
}
