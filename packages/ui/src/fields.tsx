import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId, useState } from 'react';

/** What a field's control needs to be labelled and described. */
type ControlProps = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

type FieldFrame = { label: string; error?: string | undefined; hint?: ReactNode; id?: string | undefined };

/**
 * Every field: its label, its control, and under it a hint or its error (announced to screen
 * readers). TextField, PasswordField and SelectField are this with their control; a page with
 * another control (a file) passes it as `children`.
 */
export function Field({ label, error, hint, id, children }: FieldFrame & { children: (control: ControlProps) => ReactNode }) {
  const generated = useId();
  const controlId = id ?? generated;
  const describedBy = error ? `${controlId}-error` : hint ? `${controlId}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={controlId}>{label}</label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && !error ? (
        <p id={`${controlId}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${controlId}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & FieldFrame;

/** A labelled input. */
export function TextField({ label, error, hint, id, ...input }: InputProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(control) => <input {...control} {...input} />}
    </Field>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, error, hint, id, ...input }: Omit<InputProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(control) => (
        <div className="field__password">
          <input {...control} {...input} type={visible ? 'text' : 'password'} />
          <button type="button" className="field__toggle" onClick={() => setVisible((shown) => !shown)} aria-pressed={visible}>
            {visible ? 'Masquer' : 'Afficher'}
          </button>
        </div>
      )}
    </Field>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> &
  FieldFrame & { options: readonly string[] /** The empty first choice. */; placeholder?: string };

/** A labelled list of choices. */
export function SelectField({ label, error, hint, id, options, placeholder, ...select }: SelectProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(control) => (
        <select {...control} {...select}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** 'Adresse mail', as every form asks for it. */
export function EmailField(props: Omit<InputProps, 'label' | 'type'>) {
  return <TextField label="Adresse mail" type="email" autoComplete="email" required {...props} />;
}
