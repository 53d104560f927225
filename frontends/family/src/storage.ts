import { WIZARD_BRACELET_KEY } from '@bracelet/finder-card';

/** Client storage keys (spec §3). */
export const storageKeys = { braceletId: WIZARD_BRACELET_KEY } as const;

export function remember(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private browsing or full storage: the wizard falls back to the id in its route.
  }
}
