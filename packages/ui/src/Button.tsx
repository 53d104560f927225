import type { ButtonHTMLAttributes, ReactNode } from 'react';

export type ButtonState = 'idle' | 'loading' | 'success';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  state?: ButtonState;
  /** Shown once the action succeeded (spec §4: 'Connexion réussie', 'Compte créé'…). */
  successLabel?: ReactNode;
  variant?: 'primary' | 'secondary';
};

/** A form button with the spec's three states; disabled while loading and after success. */
export function Button({
  state = 'idle',
  successLabel,
  variant = 'primary',
  children,
  className,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = ['btn', `btn--${variant}`, state === 'success' ? 'btn--success' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button {...rest} type={type} className={classes} disabled={disabled || state !== 'idle'} aria-busy={state === 'loading'}>
      {state === 'loading' ? 'Chargement...' : state === 'success' ? (successLabel ?? children) : children}
    </button>
  );
}
