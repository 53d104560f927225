/** @jsxRuntime automatic */
import type { ReactNode } from 'react';

/** The line under a form (FormMessage). */
export type Message = { kind: 'success' | 'error'; text: string };

type FormMessageProps = { message: Message | undefined } | { kind: Message['kind']; children: ReactNode };

/** A success or error line (under a form, or for a page that could not load), read out when it appears. */
export function FormMessage(props: FormMessageProps) {
  const [kind, text] = 'message' in props ? [props.message?.kind, props.message?.text] : [props.kind, props.children];
  if (!kind) return null;
  return (
    <p className={`alert alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {text}
    </p>
  );
}

/** The one loading indicator: a spinner and what is loading, announced politely. */
export function Loading({ label = 'Chargement…', className = 'center' }: { label?: string; className?: string }) {
  return (
    <div className={className} role="status" aria-live="polite">
      <div className="spinner" />
      <p className="muted">{label}</p>
    </div>
  );
}
