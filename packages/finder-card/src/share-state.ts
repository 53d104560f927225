import { shareTexts } from './texts';

export type ShareStatus =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'sending' }
  | { status: 'sent' }
  /** Kept for the parent's account, but nobody could be told now (the bracelet's alerts are spent). */
  | { status: 'kept'; message: string }
  | { status: 'error'; message: string };

/** The share button's words and look in each state: the React section and the small script both read it. */
export function shareButtonOf(state: ShareStatus['status']): { label: string; className: string; disabled: boolean } {
  const done = state === 'sent' || state === 'kept';
  const label =
    state === 'locating' ? shareTexts.locating : state === 'sending' ? shareTexts.sending : done ? shareTexts.sent : shareTexts.idle;
  return {
    label,
    className: `btn btn--block ${state === 'sent' ? 'btn--success' : 'btn--secondary'}`,
    disabled: done || state === 'locating' || state === 'sending',
  };
}

/** The line under the button in each state, if any (FormMessage's kind and words). */
export function shareMessageOf(state: ShareStatus): { kind: 'success' | 'error'; text: string } | undefined {
  if (state.status === 'sent') return { kind: 'success', text: shareTexts.success };
  if (state.status === 'kept' || state.status === 'error') return { kind: 'error', text: state.message };
  return undefined;
}

/** What the server-rendered section carries for its script: the call's fields, read back in the browser. */
export type ShareTarget = { braceletId: string; childFirstName: string; contactPhone: string };
