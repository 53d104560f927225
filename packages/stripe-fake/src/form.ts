/**
 * Stripe's SDK sends bodies form-encoded with bracket paths (`metadata[order_id]=…`,
 * `payment_method_types[0]=card`): this reads them back into nested objects. Indexed keys become
 * arrays, so the fake stores what a real PaymentIntent would show.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export function parseStripeForm(body: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = pathOf(key);
    if (path.length === 0) continue;
    setAt(root, path, value);
  }
  return arraysFromIndexedObjects(root) as Record<string, FormValue>;
}

function pathOf(key: string): string[] {
  const head = /^[^[]+/.exec(key)?.[0];
  if (!head) return [];
  return [head, ...[...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1] as string)];
}

function setAt(target: Record<string, FormValue>, path: string[], value: string): void {
  let node = target;
  for (const [index, part] of path.entries()) {
    if (index === path.length - 1) {
      node[part] = value;
      return;
    }
    const next = node[part];
    if (typeof next !== 'object' || Array.isArray(next)) node[part] = {};
    node = node[part] as Record<string, FormValue>;
  }
}

function arraysFromIndexedObjects(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const entries = Object.entries(value).map(([key, inner]) => [key, arraysFromIndexedObjects(inner)] as const);
  const indexed = entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key));
  if (indexed) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, inner]) => inner);
  return Object.fromEntries(entries);
}
