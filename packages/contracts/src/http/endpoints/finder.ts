import type { ScanCardResponse, ShareLocationResponse } from '../scan.js';
import type { Endpoint, HttpMethod } from './index.js';

/**
 * What the finder's page calls. A module of its own: the finder's page bundles only these, not
 * the account's calls (see ARCHITECTURE.md, the finder's page stays light).
 */
const call = <Response>(method: HttpMethod, path: string): Endpoint<Response> => ({ method, path });
const segment = encodeURIComponent;

// Finders (scan)
export const braceletCard = (braceletId: string) => call<ScanCardResponse>('GET', `/get_child_by_bracelet/${segment(braceletId)}`);
export const shareLocation = () => call<ShareLocationResponse>('POST', '/share_location');
/** The address of a finder card's photo, for an <img>. */
export const scanPhotoUrl = (photoId: string) => `/scan_photo/${segment(photoId)}`;
