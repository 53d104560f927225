import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { ApiFailure, ApiResult } from './api';
import type { ButtonState } from './Button';
import type { Message } from './feedback';

/** Spec §4: a form is idle, loading, then succeeded (its button green) or failed (its button usable again). */
export type SubmitStatus = 'idle' | 'loading' | 'success' | 'error';
export type { Message };
/** One message per field, under the field. */
export type FieldErrors = Partial<Record<string, string>>;

export type SubmitOptions<T> = {
  /** The success line (none: the button's success label says it). */
  success?: string;
  /** The failure line, fixed or chosen from the failure (see messageOf). */
  failure: string | ((failure: ApiFailure) => string);
  /** Show the server's field errors under the fields (their first message each). */
  fieldErrors?: boolean;
  /** After the success is shown: store the session, go on… */
  onSuccess?: (data: T) => unknown;
  onFailure?: (failure: ApiFailure) => void;
};

/**
 * The state of a form that sends one call: its status and button state, its message and field
 * errors. `repeatable` forms (the account's) come back to idle after a success, the others stay
 * on their green success label, disabled. A call still running when the page goes away is aborted
 * and changes nothing.
 */
export function useSubmit({ repeatable = false }: { repeatable?: boolean } = {}) {
  const [status, setStatus] = useState<SubmitStatus>('idle');
  const [message, setMessage] = useState<Message>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const pending = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => pending.current?.abort(), []);

  /** Sends `request` (given the signal to pass to `api`) and shows how it went; true on success. */
  const submit = useCallback(async <T>(request: (signal: AbortSignal) => Promise<ApiResult<T>>, options: SubmitOptions<T>) => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setStatus('loading');
    setMessage(undefined);
    const result = await request(controller.signal);
    if (controller.signal.aborted) return false;
    if (options.fieldErrors) setErrors(result.ok ? {} : firstOfEach(result.fields));
    if (!result.ok) {
      setStatus('error');
      setMessage({ kind: 'error', text: typeof options.failure === 'string' ? options.failure : options.failure(result) });
      options.onFailure?.(result);
      return false;
    }
    setStatus('success');
    setMessage(options.success ? { kind: 'success', text: options.success } : undefined);
    await options.onSuccess?.(result.data);
    return true;
  }, []);

  /** A failure found before sending (two passwords that differ…). */
  const fail = useCallback((text: string) => {
    setStatus('error');
    setMessage({ kind: 'error', text });
  }, []);

  /** Back to idle, the message gone (a success line shown for a while). */
  const clear = useCallback(() => {
    setStatus('idle');
    setMessage(undefined);
  }, []);

  const button: ButtonState = status === 'loading' ? 'loading' : status === 'success' && !repeatable ? 'success' : 'idle';
  return { status, button, message, errors, setErrors, submit, fail, clear };
}

/** The server's own French message for these statuses (429: wait a moment; 409: already linked…), else `fallback`. */
export function messageOf(failure: ApiFailure, statuses: number[], fallback: string): string {
  return statuses.includes(failure.status) && failure.message ? failure.message : fallback;
}

function firstOfEach(fields: Record<string, string[]> | undefined): FieldErrors {
  return Object.fromEntries(Object.entries(fields ?? {}).map(([name, list]) => [name, list[0] ?? '']));
}

/** What a field component takes from the form: its name, value, change handler and error. */
export type FieldBinding = {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
};

/**
 * A form's values (text fields) and its submission state (useSubmit): `field(name)` binds a
 * TextField, PasswordField or SelectField; `onSubmit(send)` is the form's submit handler.
 */
export function useForm<V extends Record<string, string>>(initial: V | (() => V), options: { repeatable?: boolean } = {}) {
  const [values, setValues] = useState<V>(initial);
  const state = useSubmit(options);
  const set = useCallback((name: keyof V, value: string) => setValues((current) => ({ ...current, [name]: value })), []);
  const field = (name: keyof V & string): FieldBinding => ({
    name,
    value: values[name] as string,
    error: state.errors[name],
    onChange: (event) => set(name, event.target.value),
  });
  const onSubmit = (send: () => unknown) => (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  return { ...state, values, setValues, set, field, onSubmit };
}
