import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ContentStyles } from '../../content-styles';
import { Breadcrumb } from '../../parts/Breadcrumb';
import { useTitle } from '../../parts/page';

/**
 * A text page of the shop (legal texts, how it works, commitments): the anchors to the landing's
 * story and solution (spec §2.18), a title, then its sections.
 */
export function ContentPage({ title, updated, children }: { title: string; updated?: string; children: ReactNode }) {
  useTitle(title);
  return (
    <article className="content-page">
      <ContentStyles />
      <Breadcrumb trail={[{ label: title }]} />
      <nav className="content-page__anchors" aria-label="Découvrir Bracelet QR">
        <Link to="/homepage#about">Notre histoire</Link>
        <Link to="/homepage#how">Notre solution</Link>
      </nav>
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
