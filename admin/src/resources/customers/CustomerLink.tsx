import { adminPath, customers, type RowOfResource } from '@app/shared/resources';
import { useList } from '@refinedev/core';
import { Link } from 'react-router';
import { SEARCH_FILTER } from '../../providers/data-provider';

type Customer = RowOfResource<typeof customers>;

/** From an order to its customer's screen, saying when they come back ("3 commandes"). */
export function CustomerLink({ phone }: { phone: string }) {
  // A whole number is found by equality on the customers' phone index.
  const { result } = useList<Customer>({
    resource: customers.name,
    pagination: { currentPage: 1, pageSize: 1 },
    filters: [{ field: SEARCH_FILTER, operator: 'contains', value: phone }],
    queryOptions: { enabled: phone !== '' },
  });
  const customer = result.data.find((c) => c.phone === phone);
  if (!customer) return null;
  return (
    <Link to={adminPath(customers, customer.id).replace(/^\/admin/, '')}>
      {customer.ordersCount > 1 ? `Fiche client · ${customer.ordersCount} commandes` : 'Fiche client'}
    </Link>
  );
}
