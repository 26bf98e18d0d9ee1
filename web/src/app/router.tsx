// The route tree. Public pages and the workspace area come from their own modules; this file mounts
// them under the right layout and guard. Routes are declarative RouteObjects rendered with useRoutes,
// so a dialog route can render over a background location kept in navigation state:
//   navigate('/app/pricing', { state: { backgroundLocation: location } })
// renders the background page underneath and the matching entry of `modalRoutes` on top.
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation, useRoutes, type Location, type RouteObject } from 'react-router';
import { publicRoutes } from '../pages/public/routes';
import { workspaceRoutes } from '../workspace/routes';
import { RequireAdmin, RequireAuth, GuestOnly } from './guards';
import { PublicLayout, AppLayout, BareLayout, AcademyLayout } from '../shell/layouts';
import { NotFoundPage } from '../shell/NotFound';
import { PageSpinner } from '../components/Spinner';

const SignInPage = lazy(() => import('../pages/auth/SignInPage'));
const SignUpPage = lazy(() => import('../pages/auth/SignUpPage'));
const ForgetPasswordPage = lazy(() => import('../pages/auth/ForgetPasswordPage'));
const NewPasswordPage = lazy(() => import('../pages/auth/NewPasswordPage'));
const CheckoutResultPage = lazy(() => import('../pages/pricing/CheckoutResultPage'));
const SettingsLayout = lazy(() => import('../pages/settings/SettingsLayout'));
const ProfilePage = lazy(() => import('../pages/settings/ProfilePage'));
const InvoicesPage = lazy(() => import('../pages/settings/InvoicesPage'));
const ApiPricingPage = lazy(() => import('../pages/settings/ApiPricingPage'));
const ApiKeysPage = lazy(() => import('../pages/settings/ApiKeysPage'));
const AlertsPage = lazy(() => import('../pages/settings/AlertsPage'));
const ScorecardPage = lazy(() => import('../pages/scorecard/ScorecardPage'));
const NewApiKeyDialog = lazy(() => import('../pages/settings/NewApiKeyDialog'));
const PricingPage = lazy(() => import('../pages/pricing/PricingPage'));
const PricingModal = lazy(() => import('../pages/pricing/PricingModal'));
const ApiPricingModal = lazy(() => import('../pages/settings/ApiPricingModal'));
const DevPage = lazy(() => import('../pages/settings/DevPage'));
const AcademyHomePage = lazy(() => import('../pages/academy/AcademyHomePage'));
const SectionPage = lazy(() => import('../pages/academy/SectionPage'));
const LessonPage = lazy(() => import('../pages/academy/LessonPage'));
const QuizPage = lazy(() => import('../pages/academy/QuizPage'));
const results = () => import('../pages/academy/ResultsPages');
const LessonResultsPage = lazy(() => results().then((m) => ({ default: m.LessonResultsPage })));
const SectionResultsPage = lazy(() => results().then((m) => ({ default: m.SectionResultsPage })));
const CompletePage = lazy(() => results().then((m) => ({ default: m.CompletePage })));
const OverallResultPage = lazy(() => results().then((m) => ({ default: m.OverallResultPage })));
const AdminLayout = lazy(() => import('../pages/admin/AdminLayout'));
const DashboardPage = lazy(() => import('../pages/admin/DashboardPage'));
const NewsletterPage = lazy(() => import('../pages/admin/NewsletterPage'));
const authoring = () => import('../pages/admin/AcademyAdmin');
const AcademySetupPage = lazy(() => authoring().then((m) => ({ default: m.AcademySetupPage })));
const GeneralInfoPage = lazy(() => authoring().then((m) => ({ default: m.GeneralInfoPage })));
const SectionFormPage = lazy(() => authoring().then((m) => ({ default: m.SectionFormPage })));
const SectionAdminPage = lazy(() => authoring().then((m) => ({ default: m.SectionAdminPage })));
const LessonFormPage = lazy(() => authoring().then((m) => ({ default: m.LessonFormPage })));
const LessonAdminPage = lazy(() => authoring().then((m) => ({ default: m.LessonAdminPage })));
const ArchiveSectionDialog = lazy(() => authoring().then((m) => ({ default: m.ArchiveSectionDialog })));
const RestoreSectionDialog = lazy(() => authoring().then((m) => ({ default: m.RestoreSectionDialog })));
const DeleteLessonDialog = lazy(() => authoring().then((m) => ({ default: m.DeleteLessonDialog })));
const PublishDialog = lazy(() => authoring().then((m) => ({ default: m.PublishDialog })));

function S({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{children}</Suspense>;
}

function ResetLinkRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/forget-password/new${search}`} replace />;
}

export interface BackgroundState {
  backgroundLocation?: Location;
}

export const authRoutes: RouteObject[] = [
  { path: '/sign-in', element: <GuestOnly><S><SignInPage /></S></GuestOnly> },
  { path: '/sign-up', element: <GuestOnly><S><SignUpPage /></S></GuestOnly> },
  { path: '/forget-password', element: <GuestOnly><S><ForgetPasswordPage /></S></GuestOnly> },
  { path: '/forget-password/new', element: <GuestOnly><S><NewPasswordPage /></S></GuestOnly> },
  // Links in password-reset e-mails point here; the page of the spec is /forget-password/new.
  { path: '/reset-password', element: <ResetLinkRedirect /> },
];

export const settingsRoutes: RouteObject[] = [
  {
    path: '/app/user-settings',
    element: <S><SettingsLayout /></S>,
    children: [
      { index: true, element: <S><ProfilePage /></S> },
      { path: 'invoices', element: <S><InvoicesPage /></S> },
      { path: 'api-pricing', element: <S><ApiPricingPage /></S> },
      {
        path: 'api-key',
        element: <S><ApiKeysPage /></S>,
        children: [{ path: 'new', element: <S><NewApiKeyDialog /></S> }],
      },
      { path: 'alerts', element: <S><AlertsPage /></S> },
    ],
  },
  { path: '/app/pricing', element: <S><PricingPage /></S> },
  { path: '/app/scorecard/:ticker', element: <S><ScorecardPage /></S> },
];

/** Learner academy (platform spec §2). The home is open to visitors; every other page needs a login. */
export const academyRoutes: RouteObject[] = [
  { path: '/academy', element: <S><AcademyHomePage /></S> },
  { path: '/academy/complete', element: <RequireAuth><S><CompletePage /></S></RequireAuth> },
  { path: '/academy/result', element: <RequireAuth><S><OverallResultPage /></S></RequireAuth> },
  { path: '/academy/section/:sectionId', element: <RequireAuth><S><SectionPage /></S></RequireAuth> },
  { path: '/academy/section/:sectionId/results', element: <RequireAuth><S><SectionResultsPage /></S></RequireAuth> },
  { path: '/academy/section/:sectionId/:lessonId', element: <RequireAuth><S><LessonPage /></S></RequireAuth> },
  { path: '/academy/section/:sectionId/:lessonId/results', element: <RequireAuth><S><LessonResultsPage /></S></RequireAuth> },
  { path: '/academy/section/:sectionId/:lessonId/quiz', element: <RequireAuth><S><QuizPage /></S></RequireAuth> },
];

/** Admin area (platform spec §2): guarded by RequireAdmin; every call is also checked by the server. */
export const adminRoutes: RouteObject[] = [
  {
    path: '/admin',
    element: <RequireAdmin><S><AdminLayout /></S></RequireAdmin>,
    children: [
      { index: true, element: <S><DashboardPage /></S> },
      { path: 'newsletter-emails', element: <S><NewsletterPage /></S> },
      { path: 'academy', element: <S><AcademySetupPage /></S>, children: [{ path: 'publish', element: <S><PublishDialog /></S> }] },
      { path: 'academy/general', element: <S><GeneralInfoPage /></S> },
      { path: 'academy/new', element: <S><SectionFormPage mode="new" /></S> },
      {
        path: 'academy/:sectionId',
        element: <S><SectionAdminPage /></S>,
        children: [
          { path: 'archive', element: <S><ArchiveSectionDialog /></S> },
          { path: 'restore', element: <S><RestoreSectionDialog /></S> },
        ],
      },
      { path: 'academy/:sectionId/edit', element: <S><SectionFormPage mode="edit" /></S> },
      { path: 'academy/:sectionId/lesson/new', element: <S><LessonFormPage mode="new" /></S> },
      {
        path: 'academy/:sectionId/lesson/:lessonId',
        element: <S><LessonAdminPage /></S>,
        children: [{ path: 'delete', element: <S><DeleteLessonDialog /></S> }],
      },
      { path: 'academy/:sectionId/lesson/:lessonId/edit', element: <S><LessonFormPage mode="edit" /></S> },
    ],
  },
];

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      ...publicRoutes,
      ...authRoutes,
      { path: '/checkout/success', element: <S><CheckoutResultPage outcome="success" /></S> },
      { path: '/checkout/failed', element: <S><CheckoutResultPage outcome="failed" /></S> },
      { path: '/not-found', element: <NotFoundPage /> },
    ],
  },
  {
    element: <AcademyLayout />,
    children: academyRoutes,
  },
  ...adminRoutes,
  {
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [...workspaceRoutes, ...settingsRoutes],
  },
  {
    element: <BareLayout />,
    children: [
      { path: '/dev', element: <RequireAuth><S><DevPage /></S></RequireAuth> },
    ],
  },
  { path: '*', element: <Navigate to="/not-found" replace /> },
];

/** Dialog routes that can open over any page when a background location is held in state. */
export const modalRoutes: RouteObject[] = [
  { path: '/app/pricing', element: <RequireAuth><S><PricingModal /></S></RequireAuth> },
  { path: '/app/user-settings/api-pricing', element: <RequireAuth><S><ApiPricingModal /></S></RequireAuth> },
  { path: '/app/user-settings/api-key/new', element: <RequireAuth><S><NewApiKeyDialog /></S></RequireAuth> },
  { path: '/admin/academy/publish', element: <RequireAdmin><S><PublishDialog /></S></RequireAdmin> },
  { path: '/admin/academy/:sectionId/archive', element: <RequireAdmin><S><ArchiveSectionDialog /></S></RequireAdmin> },
  { path: '/admin/academy/:sectionId/restore', element: <RequireAdmin><S><RestoreSectionDialog /></S></RequireAdmin> },
  { path: '/admin/academy/:sectionId/lesson/:lessonId/delete', element: <RequireAdmin><S><DeleteLessonDialog /></S></RequireAdmin> },
];

/** The dialog over the background page; matched only while a background location is held, so plain
 * pages never ask the dialog table for a route it does not have (no "No routes matched" warnings). */
function ModalRoutes({ location }: { location: Location }) {
  return useRoutes(modalRoutes, location);
}

export function AppRoutes() {
  const location = useLocation();
  const background = (location.state as BackgroundState | null)?.backgroundLocation;
  const page = useRoutes(routes, background ?? location);
  return (
    <>
      {page}
      {background ? <ModalRoutes location={location} /> : null}
    </>
  );
}
