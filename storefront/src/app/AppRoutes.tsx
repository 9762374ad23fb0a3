import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { Layout } from '../modules/layout/Layout';

// Every page is its own chunk: the first visit downloads the layout and one page only.
const Home = lazy(() => import('../routes/HomeRoute'));
const Products = lazy(() => import('../routes/ProductsRoute'));
const Product = lazy(() => import('../routes/ProductRoute'));
const Services = lazy(() => import('../routes/ServicesRoute'));
const Service = lazy(() => import('../routes/ServiceRoute'));
const Courses = lazy(() => import('../routes/CoursesRoute'));
const Delivery = lazy(() => import('../routes/DeliveryRoute'));
const Cart = lazy(() => import('../routes/CartRoute'));
const Checkout = lazy(() => import('../routes/CheckoutRoute'));
const Order = lazy(() => import('../routes/OrderRoute'));
const Tracking = lazy(() => import('../routes/TrackingRoute'));
const Verify = lazy(() => import('../routes/VerifyRoute'));
const Blog = lazy(() => import('../routes/BlogRoute'));
const BlogPost = lazy(() => import('../routes/BlogPostRoute'));
const CryptoTrending = lazy(() => import('../routes/CryptoTrendingRoute'));
const About = lazy(() => import('../routes/AboutRoute'));
const Contact = lazy(() => import('../routes/ContactRoute'));
const NotFound = lazy(() => import('../routes/NotFoundRoute'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Home />} />
        <Route path="products" element={<Products />} />
        <Route path="products/:id" element={<Product />} />
        <Route path="services" element={<Services />} />
        <Route path="services/:id" element={<Service />} />
        <Route path="crypto-courses" element={<Courses />} />
        <Route path="delivery" element={<Delivery />} />
        <Route path="cart" element={<Cart />} />
        <Route path="checkout" element={<Checkout />} />
        <Route path="order/:number" element={<Order />} />
        <Route path="suivi" element={<Tracking />} />
        <Route path="suivi/:token" element={<Tracking />} />
        <Route path="verify" element={<Verify />} />
        <Route path="blog" element={<Blog />} />
        <Route path="blog/:slug" element={<BlogPost />} />
        <Route path="crypto-trending" element={<CryptoTrending />} />
        <Route path="about" element={<About />} />
        <Route path="contact" element={<Contact />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
