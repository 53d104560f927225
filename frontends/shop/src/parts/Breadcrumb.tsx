import { Link } from 'react-router-dom';

type Crumb = { label: string; to?: string };

/** 'Accueil > Nos bracelets' (spec §2.8): the last crumb is the current page. */
export function Breadcrumb({ trail }: { trail: Crumb[] }) {
  return (
    <nav aria-label="Fil d'Ariane" className="breadcrumb">
      <ol>
        <li>
          <Link to="/">Accueil</Link>
        </li>
        {trail.map((crumb, index) => (
          <li key={crumb.label} aria-current={index === trail.length - 1 ? 'page' : undefined}>
            <span className="breadcrumb__separator" aria-hidden="true">
              &gt;
            </span>
            {crumb.to && index < trail.length - 1 ? <Link to={crumb.to}>{crumb.label}</Link> : crumb.label}
          </li>
        ))}
      </ol>
    </nav>
  );
}
