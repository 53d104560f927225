/** @jsxRuntime automatic */
import type { ComponentType, ReactNode } from 'react';

export type LinkProps = { to: string; className?: string; children: ReactNode };
/**
 * How a state links to another page: the router's Link inside the app (client-side navigation),
 * a plain anchor in the server's first response (the app loads only when the finder goes there).
 */
export type LinkComponent = ComponentType<LinkProps>;

export function PlainLink({ to, className, children }: LinkProps) {
  return (
    <a href={to} className={className}>
      {children}
    </a>
  );
}
