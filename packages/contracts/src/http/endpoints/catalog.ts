import type { AddContactResponse, CatalogProductList, ProductResponse, TrackEventResponse } from '../catalog.js';
import type { Endpoint, HttpMethod } from './index.js';

/** What the shop's pages call (catalog). */
const call = <Response>(method: HttpMethod, path: string): Endpoint<Response> => ({ method, path });
const segment = encodeURIComponent;

// Products (catalog)
export const productByCode = (code: string) => call<ProductResponse>('GET', `/product/code/${segment(code)}`);
export const catalogProducts = () => call<CatalogProductList>('GET', '/catalog/products');

// Measures, only with the visitor's consent (catalog)
export const trackEvent = () => call<TrackEventResponse>('POST', '/track-event');
export const trackVisit = () => call<TrackEventResponse>('POST', '/track_visit/');

// The pre-sale list (catalog): e-mail and attribution; a filled `website` (honeypot) keeps nothing.
export const addContact = () => call<AddContactResponse>('POST', '/add_contact/');
