import { useCartCount } from '@bracelet/ui';

/** The cart link's name while its count is not known (and on the finder's page). */
const CART_LINK_NAME = 'Mon panier';

/**
 * The header's item count (spec §2.7: the sum of quantities), updated whichever remote or tab
 * changes the cart. A module of its own, like the toast area: the finder's page loads without
 * the cart's code.
 */
export default function CartBadge() {
  const count = useCartCount();
  return (
    <>
      <span className="visually-hidden">{`${CART_LINK_NAME}, ${count} article${count > 1 ? 's' : ''}`}</span>
      {count > 0 ? (
        <span className="cart-link__badge" aria-hidden="true">
          {count}
        </span>
      ) : null}
    </>
  );
}
