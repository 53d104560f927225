import { BRACELET_ID_LENGTH } from '@bracelet/contracts';

const bareId = new RegExp(`^[0-9a-hjkmnp-tv-z]{${BRACELET_ID_LENGTH}}$`);
const scanPath = new RegExp(`^/b/([0-9a-hjkmnp-tv-z]{${BRACELET_ID_LENGTH}})/?$`);

/**
 * The bracelet id in what the scanner read or staff typed: a bare id (any case, spaces around
 * ignored) or the scan URL the QR code encodes (`{PUBLIC_URL}/b/{id}`), on our own host only.
 * Undefined for anything else.
 */
export function braceletIdOfScan(code: string, publicUrl: string): string | undefined {
  const text = code.trim();
  const lower = text.toLowerCase();
  if (bareId.test(lower)) return lower;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.host.toLowerCase() !== new URL(publicUrl).host.toLowerCase()) return undefined;
  return scanPath.exec(url.pathname.toLowerCase())?.[1];
}
