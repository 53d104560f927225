/**
 * Every public API path (spec §7, exactly as written, trailing slashes included) and the service
 * that owns it. The gateway proxies these and nothing else to the services.
 */
export const upstreamServices = ['catalog', 'checkout', 'family', 'scan', 'fulfilment'] as const;
export type UpstreamService = (typeof upstreamServices)[number];

export type ProxiedRoute = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; service: UpstreamService };

export const routeTable: readonly ProxiedRoute[] = [{ method: 'GET', path: '/get_child_by_bracelet/:id', service: 'scan' }];
