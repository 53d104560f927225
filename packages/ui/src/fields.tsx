import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined; hint?: ReactNode };

/** A labelled input with its error announced to screen readers. */
export function TextField({ label, error, hint, id, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const describedBy = error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && !error ? (
        <p id={`${inputId}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, error, ...input }: Omit<FieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="field__password">
        <input id={id} type={visible ? 'text' : 'password'} aria-invalid={error ? true : undefined} {...input} />
        <button type="button" className="field__toggle" onClick={() => setVisible((shown) => !shown)} aria-pressed={visible}>
          {visible ? 'Masquer' : 'Afficher'}
        </button>
      </div>
      {error ? <p className="field__error">{error}</p> : null}
    </div>
  );
}

/** A success or error line under a form, read out when it appears. */
export function FormMessage({ kind, children }: { kind: 'success' | 'error'; children: ReactNode }) {
  return (
    <p className={`alert alert--${kind === 'success' ? 'success' : 'error'}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
