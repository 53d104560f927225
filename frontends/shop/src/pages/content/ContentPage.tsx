import type { ReactNode } from 'react';
import { ContentStyles } from '../../content-styles';
import { Breadcrumb } from '../../parts/Breadcrumb';
import { useTitle } from '../../parts/page';

/** A text page of the shop (legal texts, how it works, commitments): a title, then its sections. */
export function ContentPage({ title, updated, children }: { title: string; updated?: string; children: ReactNode }) {
  useTitle(title);
  return (
    <article className="content-page">
      <ContentStyles />
      <Breadcrumb trail={[{ label: title }]} />
      <h1>{title}</h1>
      {updated ? <p className="muted">Dernière mise à jour : {updated}</p> : null}
      {children}
    </article>
  );
}

export const CONTACT = 'contact@bracelet-qr.fr';

export function ContactLink() {
  return <a href={`mailto:${CONTACT}`}>{CONTACT}</a>;
}
