import type {
  BraceletSummary,
  ChildDetail,
  ChildSummary,
  MessageResponse,
  ParentResponse,
  SessionResponse,
  SignupResponse,
} from '../family.js';
import type { DevMail, DevMailSummary, UndeliveredMessages } from '../mail.js';
import type { BuyerOrder } from '../orders.js';
import type { ScanHistoryResponse } from '../scan.js';
import type { Endpoint, HttpMethod } from './index.js';

/** What the parents' and the staff's pages call. */
const call = <Response>(method: HttpMethod, path: string): Endpoint<Response> => ({ method, path });
const segment = encodeURIComponent;

// A bracelet's scans and shared positions (scan)
export const scanHistory = (braceletId: string) => call<ScanHistoryResponse>('GET', `/get_scan_history/${segment(braceletId)}`);

// Accounts and sessions (family)
export const registerParent = () => call<SignupResponse>('POST', '/register_parent/');
export const login = () => call<SessionResponse>('POST', '/login/');
export const logout = () => call<null>('POST', '/logout/');
export const me = () => call<SessionResponse | null>('GET', '/me');
export const parent = (parentId: string) => call<ParentResponse>('GET', `/get-parent-by-id?parent_id=${segment(parentId)}`);
export const updateAccountInfos = () => call<ParentResponse>('POST', '/update-account-infos');
export const updateDeliveryInfos = () => call<ParentResponse>('POST', '/update-delivery-infos');
export const requestPasswordReset = () => call<MessageResponse>('POST', '/request_password_reset');
export const resetPassword = () => call<MessageResponse>('POST', '/reset_password/');

// Children and photos (family)
export const addChild = () => call<ChildDetail>('POST', '/add_child_profile/');
export const updateChild = (childId: string) => call<ChildDetail>('PUT', `/update_child_profile/${segment(childId)}`);
export const childPrivacy = (childId: string) => call<ChildDetail>('PUT', `/child_privacy/${segment(childId)}`);
export const child = (childId: string) => call<ChildDetail>('GET', `/get_child_basic/${segment(childId)}`);
export const childrenOf = (parentId: string) => call<ChildSummary[]>('GET', `/get_children_by_parent/${segment(parentId)}`);
export const deleteChild = (childId: string) => call<null>('DELETE', `/delete_child/${segment(childId)}`);
/** The address of a child's photo in the account, for an <img>. */
export const childPhotoUrl = (photo: string) => `/get-photo/${segment(photo)}`;

// Bracelets (family)
export const braceletsOf = (parentId: string) => call<BraceletSummary[]>('GET', `/get_bracelets_by_parent/${segment(parentId)}`);
export const associateBracelet = () => call<BraceletSummary>('POST', '/associate_child_to_bracelet/');
export const resetBracelet = (braceletId: string) => call<BraceletSummary>('PATCH', `/reset_bracelet/${segment(braceletId)}`);

// Orders (checkout)
export const ordersOf = (parentId: string) => call<BuyerOrder[]>('GET', `/get_orders_by_parent/${segment(parentId)}`);

// Back office (the gateway's development mail catcher, staff only)
export const devMails = () => call<DevMailSummary[]>('GET', '/backoffice-api/mail');
export const devMail = (mailId: string) => call<DevMail>('GET', `/backoffice-api/mail/${segment(mailId)}`);
// Back office: messages the notifier gave up on (staff only)
export const undeliveredMessages = () => call<UndeliveredMessages>('GET', '/undelivered_messages');
