export { Avatar } from './Avatar';
export { type ApiFailure, type ApiResult, api, type CallOptions, JSON_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from './api';
export { Button, type ButtonState } from './Button';
export {
  addToCart,
  CART_EVENT,
  CART_KEY,
  type CartLine,
  centsOf,
  clearCart,
  countOf,
  formatEuros,
  MAX_QUANTITY,
  mergeLine,
  parseCart,
  readCart,
  removeFromCart,
  replaceCart,
  setQuantity,
  subtotalCents,
  useCart,
  useCartCount,
} from './cart';
export {
  CONSENT_EVENT,
  CONSENT_KEY,
  CONSENT_REOPEN_EVENT,
  type ConsentChoices,
  type ConsentPurpose,
  hasConsent,
  readConsent,
  reopenConsent,
  saveConsent,
} from './consent';
export { ConfirmDialog } from './Dialog';
export { FormMessage, Loading } from './feedback';
export { EmailField, Field, PasswordField, SelectField, TextField } from './fields';
export {
  type FieldBinding,
  type FieldErrors,
  type Message,
  messageOf,
  type SubmitOptions,
  type SubmitStatus,
  useForm,
  useSubmit,
} from './form';
export { LOAD_FAILED, LoadStatus } from './LoadStatus';
export { type Load, type LoadState, useLoad } from './load';
export { Stepper } from './Stepper';
export { logOut, restoreSession, type SessionState, signedIn, useSession } from './session';
export {
  type Attribution,
  forgetTrackers,
  keptId,
  readAttribution,
  rememberAttribution,
  trackVisitOnce,
  visitFieldsForSignup,
} from './visit';
