import { useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { Layout } from '../modules/layout/Layout';
import { replayEarlyTaps } from './earlyTaps';
import { useShopLinks } from './shopLinks';
import { pageComponent } from './pages';
import { pageRoutes } from './routes';

function RoutePage({ route }: { route: (typeof pageRoutes)[number] }) {
  const Page = pageComponent(route);
  // Runs once the page itself has been taken over (its code arrives apart, after the layout's):
  // only then do its buttons respond, and taps made before are replayed.
  useEffect(replayEarlyTaps, []);
  return <Page />;
}

export function AppRoutes() {
  useShopLinks();
  return (
    <Routes>
      <Route element={<Layout />}>
        {pageRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />
        ))}
      </Route>
    </Routes>
  );
}
