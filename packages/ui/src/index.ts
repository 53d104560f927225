export { Avatar } from './Avatar';
export { type ApiResult, api } from './api';
export { Button, type ButtonState } from './Button';
export { ConfirmDialog } from './Dialog';
export { FormMessage, PasswordField, TextField } from './fields';
export { Stepper } from './Stepper';
export { logOut, restoreSession, type SessionState, signedIn, useSession } from './session';
