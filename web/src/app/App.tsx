import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, useLocation } from 'react-router';
import { queryClient } from '../lib/queryClient';
import { ThemeProvider } from '../lib/theme';
import { NotificationsProvider } from '../lib/notifications';
import { AppRoutes } from './router';
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

function Routed() {
  const { pathname } = useLocation();
  return (
    <CrashBoundary resetKey={pathname}>
      <ScrollManager />
      <SessionManager />
      <AlertsListener />
      <OfflineBanner />
      <AppRoutes />
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
