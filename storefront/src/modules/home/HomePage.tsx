import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useTitle } from '../../lib/title';
import { useSettings } from '../../lib/settings';
import { PostCard } from '../blog/PostCard';
import { CourseCard } from '../courses/CourseCard';
import { CryptoCard } from '../crypto/CryptoCard';
import { ProductGrid } from '../products/ProductGrid';
import { ServiceCard } from '../services/ServiceCard';
import { Hero } from './Hero';
import { Section } from './Section';
import { Testimonials } from './Testimonials';
import { api, queries } from '../../lib/queries';

const grid = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-4';

export function HomePage() {
  useTitle(useSettings()?.businessName ?? 'Accueil');
  // Issued together, these go out as one batched HTTP request.
  const featured = useQuery(queries.featuredProducts(api));
  const services = useQuery(queries.services(api));
  const courses = useQuery(queries.courses(api));
  const cryptos = useQuery(queries.trendingCryptos(api));
  const posts = useQuery(queries.latestPosts(api));
  // Below the fold: rendered as a low-priority, interruptible update once the data is in, so
  // the featured products paint first and no single long task blocks a slow phone.
  // (One call per query: react-query keeps each data object stable between renders.)
  const later = {
    services: useDeferredValue(services.data),
    courses: useDeferredValue(courses.data),
    cryptos: useDeferredValue(cryptos.data),
    posts: useDeferredValue(posts.data),
  };
  return (
    <>
      <Hero />
      <Section
        id="featured"
        title="Produits phares"
        more={{ to: '/products', label: 'Tous les produits' }}
        empty={featured.data?.rows.length === 0}
      >
        {featured.isPending ? <p className="h-64 text-slate-500">Chargement...</p> : <ProductGrid products={featured.data?.rows ?? []} />}
      </Section>
      <Section
        id="services"
        title="Nos services"
        more={{ to: '/services', label: 'Tous les services' }}
        empty={later.services?.rows.length === 0}
      >
        <ul className={grid}>
          {later.services?.rows.slice(0, 4).map((s) => (
            <li key={s.id}>
              <ServiceCard service={s} />
            </li>
          ))}
        </ul>
      </Section>
      <Section
        id="courses"
        title="Formations Crypto"
        more={{ to: '/crypto-courses', label: 'Voir les formations' }}
        empty={later.courses?.rows.length === 0}
      >
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-3">
          {later.courses?.rows.slice(0, 3).map((c) => (
            <li key={c.id}>
              <CourseCard course={c} />
            </li>
          ))}
        </ul>
      </Section>
      <Section
        id="cryptos"
        title="Cryptos tendance"
        more={{ to: '/crypto-trending', label: 'Toutes les cryptos' }}
        empty={later.cryptos?.rows.length === 0}
      >
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {later.cryptos?.rows.slice(0, 3).map((c) => (
            <li key={c.id}>
              <CryptoCard crypto={c} />
            </li>
          ))}
        </ul>
      </Section>
      <Testimonials />
      <Section id="posts" title="Derniers articles" more={{ to: '/blog', label: 'Tout le blog' }} empty={later.posts?.rows.length === 0}>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {later.posts?.rows.map((p) => (
            <li key={p.id}>
              <PostCard post={p} />
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
