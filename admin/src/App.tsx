import '@ant-design/v5-patch-for-react-19';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider, type ThemeConfig } from 'antd';
import frFR from 'antd/es/locale/fr_FR';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import './admin.css';
import { FullPageSpinner } from './layout/FullPageSpinner';
import { LOGIN_PATH } from './providers/auth-provider';
import { queryClient } from './providers/query-client';

const AdminApp = lazy(() => import('./AdminApp'));
dayjs.locale('fr');

/**
 * The sign-in pages live in the light entry (signin/): reaching them from here (signed out, or the
 * session ended) reloads the page there, which also leaves nothing of the back-office in memory.
 */
function ToSignIn() {
  useEffect(() => window.location.replace(`/admin${LOGIN_PATH}${window.location.search}`), []);
  return <FullPageSpinner />;
}

/**
 * WCAG AA contrast, set once in the theme rather than per element: antd's defaults for secondary
 * text (labels, hints, statistic titles: 45 % black), links and buttons (#1677ff), danger
 * (#ff4d4f) and the status tags' text (palette shade 7) are under 4.5:1 on their backgrounds, and
 * so are links and primary buttons under the pointer.
 */
const THEME: ThemeConfig = {
  token: {
    // Drawers, modals, menus and notifications appear without moving for those who ask for less
    // motion on their device (WCAG 2.3.3); antd animates them otherwise.
    motion: !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches,
    colorPrimary: '#1d4ed8',
    colorLink: '#1d4ed8',
    // Under the pointer too: antd lightens links and primary buttons on hover, under 4.5:1.
    colorLinkHover: '#1e40af',
    colorPrimaryHover: '#1e40af',
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

/**
 * The back-office, loaded once the owner is signed in (signin/Root.tsx): its frame, the dashboard and
 * the team's screens (the counter, the round) stand on antd and React Query alone; Refine and the
 * resources' declarations come with the first screen of records (AdminApp.tsx).
 */
export default function App() {
  return (
    <BrowserRouter basename="/admin">
      {/* A dialog's close button said « Close » (rc-dialog's own word): in French, like the drawer's. */}
      <ConfigProvider locale={frFR} theme={THEME} modal={{ closable: { 'aria-label': 'Fermer' } }}>
        <AntdApp>
          <QueryClientProvider client={queryClient}>
            <Routes>
              {['login', 'forgot-password', 'reset-password', 'invitation'].map((path) => (
                <Route key={path} path={path} element={<ToSignIn />} />
              ))}
              <Route
                path="*"
                element={
                  <Suspense fallback={<FullPageSpinner />}>
                    <AdminApp />
                  </Suspense>
                }
              />
            </Routes>
          </QueryClientProvider>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
