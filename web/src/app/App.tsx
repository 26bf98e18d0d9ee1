import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { BrowserRouter, useLocation } from 'react-router';
import { queryClient } from '../lib/queryClient';
import { ThemeProvider } from '../lib/theme';
import { NotificationsProvider } from '../lib/notifications';
import { AppRoutes } from './router';
import { useSession } from '../api/session';
import { userQuery } from '../api/users';
import { getViewerClock, setViewerClock, type Clock } from '../lib/format';
import { ExplainProvider } from '../components/Explain';
import { dictionaryExplain } from './explain';
import { SessionManager } from './SessionManager';
import { AlertsListener } from './AlertsListener';
import { installSessionExpiredHandler } from '../lib/sessionActions';
import { captureReferral } from '../lib/referral';
import { installErrorReporting } from '../lib/errorReporting';
import { CrashBoundary } from '../shell/CrashScreen';
import { OfflineBanner } from '../shell/OfflineBanner';
import { ScrollManager } from '../shell/ScrollManager';
import { NotificationHost } from '../shell/NotificationHost';

installSessionExpiredHandler();
installErrorReporting();
captureReferral();

/**
 * The signed-in user's clock (app spec §9: 24 h or 12 h) is set before anything below draws a time; a change
 * remounts the routes so every time on screen, chart axes included, is written again on the new clock.
 */
function useViewerClock(): Clock {
  const { signedIn } = useSession();
  const user = useQuery({ ...userQuery(), enabled: signedIn });
  const clock: Clock = signedIn && user.data?.clock === '12h' ? '12h' : signedIn && !user.data ? getViewerClock() : '24h';
  if (clock !== getViewerClock()) setViewerClock(clock);
  return clock;
}

function Routed() {
  const { pathname } = useLocation();
  const clock = useViewerClock();
  return (
    <CrashBoundary resetKey={pathname}>
      <ScrollManager />
      <SessionManager />
      <AlertsListener />
      <OfflineBanner />
      <AppRoutes key={clock} />
      <NotificationHost />
    </CrashBoundary>
  );
}

export function App() {
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <NotificationsProvider>
          <ExplainProvider lookup={dictionaryExplain}>
            <BrowserRouter>
              <Routed />
            </BrowserRouter>
          </ExplainProvider>
        </NotificationsProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
