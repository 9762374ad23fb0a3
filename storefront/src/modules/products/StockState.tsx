/** 'En stock' / 'Rupture de stock'; untracked stock (null) says nothing rather than guess. */
export function StockState({ stock }: { stock: number | null }) {
  if (stock === null) return null;
  return stock > 0 ? (
    <span className="self-start rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">En stock</span>
  ) : (
    <span className="self-start rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">Rupture de stock</span>
  );
}
