import { adminPath, products } from '@app/shared/resources';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { Link } from 'react-router';
import { trpc } from '../../providers/trpc';
import { ProductStock } from './ProductStock';
import { ProductVariants } from './ProductVariants';

const editPath = (id: string) => adminPath(products, id).replace(/^\/admin/, '');

/**
 * Under a product's form: a plain product's stock and the way to give it versions; a product sold
 * in versions, its grid (it has no stock of its own); a version, its stock and the way back to its
 * product, where what it shares is changed.
 */
export function ProductExtra({ id }: { id: string }) {
  const product = useQuery({ queryKey: ['products', 'stock', id], queryFn: () => trpc.products.get.query({ id }), enabled: id !== '' });
  const row = product.data;
  if (!row) return <ProductStock id={id} />;
  if (row.parent)
    return (
      <>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="Cette fiche est une variante."
          description={
            <>
              Son nom, sa description, sa catégorie et ses photos sont ceux de son produit ; son prix, son code-barres et sa photo se
              règlent dans sa grille. <Link to={editPath(row.parent)}>Ouvrir le produit et ses variantes</Link>
            </>
          }
        />
        <ProductStock id={id} />
      </>
    );
  return (
    <>
      {row.options ? null : <ProductStock id={id} />}
      <ProductVariants id={id} images={row.images} price={row.price} />
    </>
  );
}
