import { useEffect } from 'react';
import toast from 'react-hot-toast';

/** The browser tab's title for a shop page. */
export function useTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} — Bracelet QR`;
  }, [title]);
}

/** The spec's toast once a product is in the cart (§8). */
export const ADDED_TO_CART = 'Produit ajouté au panier !';
export const announceAdded = () => toast.success(ADDED_TO_CART, { id: 'added-to-cart' });
