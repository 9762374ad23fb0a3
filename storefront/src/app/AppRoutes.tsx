import { Route, Routes } from 'react-router';
import { Layout } from '../modules/layout/Layout';
import { pageComponent } from './pages';
import { pageRoutes } from './routes';

function RoutePage({ route }: { route: (typeof pageRoutes)[number] }) {
  const Page = pageComponent(route);
  return <Page />;
}

export function AppRoutes() {
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
