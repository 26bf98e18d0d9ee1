import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { PageSpinner } from '../../components/Spinner';
import { HomePage } from './HomePage';
import './public.css';

// The home page ships with the main bundle; the other public pages load on first visit.
function named<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

const HelpPage = named(() => import('./HelpPage'), 'HelpPage');
const AboutPage = named(() => import('./AboutPage'), 'AboutPage');
const ResourcesPage = named(() => import('./ResourcesPage'), 'ResourcesPage');
const ApiPage = named(() => import('./ApiPage'), 'ApiPage');
const ApiDocumentationPage = named(() => import('./ApiDocumentationPage'), 'ApiDocumentationPage');
const TermsOfServicePage = named(() => import('./LegalPage'), 'TermsOfServicePage');
const PrivacyPolicyPage = named(() => import('./LegalPage'), 'PrivacyPolicyPage');
const ContactPage = named(() => import('./ContactPage'), 'ContactPage');

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{children}</Suspense>;
}

/** Public site routes, mounted by the app router inside the public layout. */
export const publicRoutes: RouteObject[] = [
  { path: '/', element: <HomePage /> },
  { path: '/help', element: <Lazy><HelpPage /></Lazy> },
  { path: '/about', element: <Lazy><AboutPage /></Lazy> },
  { path: '/resources', element: <Lazy><ResourcesPage /></Lazy> },
  { path: '/api', element: <Lazy><ApiPage /></Lazy> },
  { path: '/api/documentation', element: <Lazy><ApiDocumentationPage /></Lazy> },
  { path: '/terms-of-service', element: <Lazy><TermsOfServicePage /></Lazy> },
  { path: '/privacy-policy', element: <Lazy><PrivacyPolicyPage /></Lazy> },
  { path: '/contact-us', element: <Lazy><ContactPage /></Lazy> },
];
