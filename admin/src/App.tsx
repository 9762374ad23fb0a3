import { Authenticated, Refine } from '@refinedev/core';
import routerProvider, { CatchAllNavigate } from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider, type ThemeConfig } from 'antd';
import frFR from 'antd/locale/fr_FR';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { FullPageSpinner } from './layout/FullPageSpinner';
import { RedirectIfSignedIn } from './layout/RedirectIfSignedIn';
import ForgotPasswordPage from './pages/ForgotPasswordPage';
import LoginPage from './pages/LoginPage';
import ResetPasswordPage from './pages/ResetPasswordPage';
import { authProvider, LOGIN_PATH } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import { i18nProvider } from './providers/i18n-provider';
import { useNotificationProvider } from './providers/notification-provider';

const AdminApp = lazy(() => import('./AdminApp'));

/**
 * WCAG AA contrast, set once in the theme rather than per element: antd's defaults for secondary
 * text (labels, hints, statistic titles: 45 % black), links and buttons (#1677ff), danger
 * (#ff4d4f) and the status tags' text (palette shade 7) are under 4.5:1 on their backgrounds.
 */
const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#1d4ed8',
    colorLink: '#1d4ed8',
    colorError: '#c41d1d',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    borderRadius: 6,
    green7: '#237804',
    gold7: '#874d00',
    cyan7: '#00474f',
    orange7: '#873800',
    blue7: '#003eb3',
    purple7: '#391085',
    red7: '#a8071a',
  },
};

export function App() {
  return (
    <ConfigProvider locale={frFR} theme={THEME}>
      <AntdApp>
        <Refine
          dataProvider={dataProvider}
          authProvider={authProvider}
          i18nProvider={i18nProvider}
          routerProvider={routerProvider}
          notificationProvider={useNotificationProvider}
          options={{
            syncWithLocation: false,
            // Leaving a form with unsaved changes asks first (UnsavedChangesNotifier, in AdminApp).
            warnWhenUnsavedChanges: true,
            disableTelemetry: true,
            mutationMode: 'pessimistic',
            reactQuery: { clientConfig: { defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } } },
          }}
        >
          <Routes>
            <Route element={<RedirectIfSignedIn />}>
              <Route path={LOGIN_PATH.slice(1)} element={<LoginPage />} />
            </Route>
            <Route path="forgot-password" element={<ForgotPasswordPage />} />
            <Route path="reset-password" element={<ResetPasswordPage />} />
            <Route
              path="*"
              element={
                <Authenticated key="admin" fallback={<CatchAllNavigate to={LOGIN_PATH} />} loading={<FullPageSpinner />}>
                  <Suspense fallback={<FullPageSpinner />}>
                    <AdminApp />
                  </Suspense>
                </Authenticated>
              }
            />
          </Routes>
        </Refine>
      </AntdApp>
    </ConfigProvider>
  );
}
