import { useCartCount } from '@bracelet/ui';

/**
 * The header's item count (spec §2.7: the sum of quantities), updated whichever remote or tab
 * changes the cart. A module of its own, like the toast area: the finder's page loads without
 * the cart's code.
 */
export default function CartBadge() {
  const count = useCartCount();
  return (
    <>
      {count > 0 ? (
        <span className="cart-link__badge" aria-hidden="true">
          {count}
        </span>
      ) : null}
      <span className="visually-hidden">
        , {count} article{count > 1 ? 's' : ''}
      </span>
    </>
  );
}
