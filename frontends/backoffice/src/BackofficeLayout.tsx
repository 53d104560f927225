import { remotePages } from '@bracelet/contracts/pages';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { RequireStaff } from './RequireStaff';

const pages: Record<string, string> = remotePages.backoffice;

/** The back office's sections; Bracelets and Rétractations only once their pages exist. */
const sections = [
  { label: 'Commandes', path: remotePages.backoffice.orders, also: [remotePages.backoffice.prepareOrder] },
  ...(pages.bracelets ? [{ label: 'Bracelets', path: pages.bracelets, also: [] as string[] }] : []),
  ...(pages.withdrawals ? [{ label: 'Rétractations', path: pages.withdrawals, also: [] as string[] }] : []),
  { label: 'Courriers', path: remotePages.backoffice.mail, also: [] as string[] },
];

/** Every back-office page: staff only, with the section navigation above the page's own content. */
export function BackofficeLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <RequireStaff>
      <div className="container backoffice">
        <nav className="backoffice-nav" aria-label="Back office">
          {sections.map((section) => {
            const current = pathname === section.path || section.also.includes(pathname);
            return (
              <Link key={section.path} to={section.path} aria-current={current ? 'page' : undefined}>
                {section.label}
              </Link>
            );
          })}
        </nav>
        {children}
      </div>
    </RequireStaff>
  );
}
