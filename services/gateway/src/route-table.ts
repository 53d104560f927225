/**
 * Every public API path (spec §7, exactly as written, trailing slashes included) and the service
 * that owns it. The gateway proxies these and nothing else to the services.
 */
export const upstreamServices = ['catalog', 'checkout', 'family', 'scan', 'fulfilment', 'notifier'] as const;
export type UpstreamService = (typeof upstreamServices)[number];

export type ProxiedRoute = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  service: UpstreamService;
  /** Largest body the gateway accepts for this route (bytes); JSON_BODY_LIMIT unless said. */
  bodyLimit?: number;
  /**
   * How long the service may take to answer (ms); UPSTREAM_TIMEOUT_MS (8 s) unless said. Only for
   * work that is slow by nature (drawing pictures or a PDF, reading a photo), never a finder's path.
   */
  timeoutMs?: number;
  /**
   * A small JSON GET on the finder's hot path: forwarded and answered whole from memory instead of
   * streamed through reply-from (issue 14: the gateway's share of a lookup).
   */
  buffered?: boolean;
};

/** A photo is decoded and resized before the answer; the page gives an upload 120 s. */
const PHOTO_TIMEOUT_MS = 30_000;
/** Pictures are drawn on their first request (AVIF is slow to encode), then stored. */
const DRAWING_TIMEOUT_MS = 30_000;
/** A sheet of 1,000 QR codes takes seconds to draw (about 6 s on a busy 2-core machine). */
const SHEET_TIMEOUT_MS = 60_000;

/** A JSON call carries a few fields; anything larger is refused at the edge (413). */
export const JSON_BODY_LIMIT = 64 * 1024;
/** A child form carries a photo (family caps it at 8 MiB) and a few fields. */
const CHILD_FORM_LIMIT = 8 * 1024 * 1024 + 64 * 1024;

export const routeTable: readonly ProxiedRoute[] = [
  // Finders
  { method: 'GET', path: '/get_child_by_bracelet/:id', service: 'scan', buffered: true },
  { method: 'POST', path: '/share_location', service: 'scan' },
  { method: 'GET', path: '/scan_photo/:photoId', service: 'scan' },
  { method: 'GET', path: '/get_scan_history/:id', service: 'scan' },
  // Accounts and sessions
  { method: 'POST', path: '/register_parent/', service: 'family' },
  { method: 'POST', path: '/login/', service: 'family' },
  { method: 'POST', path: '/logout/', service: 'family' },
  { method: 'GET', path: '/me', service: 'family' },
  { method: 'GET', path: '/get-parent-by-id', service: 'family' },
  { method: 'POST', path: '/update-account-infos', service: 'family' },
  { method: 'POST', path: '/update-delivery-infos', service: 'family' },
  { method: 'POST', path: '/request_password_reset', service: 'family' },
  { method: 'POST', path: '/reset_password/', service: 'family' },
  // Children and photos
  { method: 'POST', path: '/add_child_profile/', service: 'family', bodyLimit: CHILD_FORM_LIMIT, timeoutMs: PHOTO_TIMEOUT_MS },
  { method: 'PUT', path: '/update_child_profile/:id', service: 'family', bodyLimit: CHILD_FORM_LIMIT, timeoutMs: PHOTO_TIMEOUT_MS },
  { method: 'GET', path: '/get_child_basic/:id', service: 'family' },
  { method: 'PUT', path: '/child_privacy/:id', service: 'family' },
  { method: 'GET', path: '/get_children_by_parent/:id', service: 'family' },
  { method: 'DELETE', path: '/delete_child/:id', service: 'family' },
  { method: 'GET', path: '/get-photo/:photo', service: 'family' },
  // Bracelets
  { method: 'GET', path: '/get_bracelets_by_parent/:id', service: 'family' },
  { method: 'POST', path: '/associate_child_to_bracelet/', service: 'family' },
  { method: 'PATCH', path: '/reset_bracelet/:id', service: 'family' },
  // Catalogue and the shop's measures
  { method: 'GET', path: '/product/code/:code', service: 'catalog' },
  { method: 'GET', path: '/catalog/products', service: 'catalog' },
  { method: 'GET', path: '/catalog/images/:version/:code/:colour/:file', service: 'catalog', timeoutMs: DRAWING_TIMEOUT_MS },
  { method: 'POST', path: '/track_visit/', service: 'catalog' },
  { method: 'POST', path: '/add_contact/', service: 'catalog' },
  { method: 'POST', path: '/track-event', service: 'catalog' },
  // Orders
  { method: 'GET', path: '/get_orders_by_parent/:id', service: 'checkout' },
  // A paid order's invoice (PDF): its parent's session, or the token of the guest's e-mail link.
  { method: 'GET', path: '/invoices/:id', service: 'checkout' },
  // The back office's orders: preparation and shipping (fulfilment, staff only)
  { method: 'GET', path: '/orders', service: 'fulfilment' },
  { method: 'GET', path: '/orders/:id', service: 'fulfilment' },
  { method: 'POST', path: '/orders/:id/status', service: 'fulfilment' },
  { method: 'POST', path: '/orders/:orderId/add_bracelet', service: 'fulfilment' },
  { method: 'DELETE', path: '/orders/:orderId/bracelets/:braceletId', service: 'fulfilment' },
  // The back office's bracelet batches and withdrawals' returns (fulfilment), refunds (checkout): staff only (ADR 014)
  { method: 'GET', path: '/batches', service: 'fulfilment' },
  { method: 'POST', path: '/batches', service: 'fulfilment' },
  { method: 'GET', path: '/batches/:id/sheet.pdf', service: 'fulfilment', timeoutMs: SHEET_TIMEOUT_MS },
  { method: 'GET', path: '/withdrawal_returns', service: 'fulfilment' },
  { method: 'POST', path: '/withdrawal_returns/:orderId/received', service: 'fulfilment' },
  { method: 'POST', path: '/orders/:id/refund', service: 'checkout' },
  // Messages the notifier gave up on after their last try: staff only.
  { method: 'GET', path: '/undelivered_messages', service: 'notifier' },
  // Checkout and payments (ADR 012)
  { method: 'POST', path: '/create-payment-intent', service: 'checkout' },
  { method: 'POST', path: '/withdrawals', service: 'checkout' },
  { method: 'GET', path: '/checkout/config', service: 'checkout' },
  { method: 'GET', path: '/checkout/orders/:id/status', service: 'checkout' },
  // The relay-point picker's search (our own picker instead of the carrier's widget).
  { method: 'GET', path: '/relay_points', service: 'checkout' },
  // Stripe's webhook: forwarded byte for byte like every body, since its signature covers the exact bytes.
  { method: 'POST', path: '/stripe/webhook', service: 'checkout' },
  // The simulated provider's browser side (404 when real Stripe keys are set).
  { method: 'POST', path: '/payments/simulated/confirm', service: 'checkout' },
  { method: 'GET', path: '/payments/simulated/authenticate/:id', service: 'checkout' },
  { method: 'POST', path: '/payments/simulated/authenticate/:id', service: 'checkout' },
];
