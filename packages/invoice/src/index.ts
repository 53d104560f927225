export { formatEuros, formatFrenchDate } from './format.js';
export { type Invoice, type InvoiceLine, invoiceOf, type PaidOrder, splitVat, VAT_RATE_PERCENT } from './invoice.js';
export { renderInvoicePdf, WITHDRAWAL_MENTION } from './render.js';
export { demoSeller, type Seller, type SellerConfig, sellerConfigShape, sellerOf } from './seller.js';
