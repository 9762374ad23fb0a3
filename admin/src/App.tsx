import { Authenticated, Refine } from '@refinedev/core';
import routerProvider, { CatchAllNavigate } from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider } from 'antd';
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

export function App() {
  return (
    <ConfigProvider locale={frFR} theme={{ token: { colorPrimary: '#1d4ed8', borderRadius: 6 } }}>
      <AntdApp>
        <Refine
          dataProvider={dataProvider}
          authProvider={authProvider}
          i18nProvider={i18nProvider}
          routerProvider={routerProvider}
          notificationProvider={useNotificationProvider}
          options={{
            syncWithLocation: false,
            warnWhenUnsavedChanges: false,
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
