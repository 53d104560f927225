/*
 * Styles of the shop's content pages (home, landing, legal texts). A remote must not emit a CSS
 * file (frontends/federation.ts: styles otherwise live in the shell), so these rules travel with
 * the pages' own chunk, as one <style> element, and only on the pages that use them.
 */
const CSS = `
.content-page { max-width: 46rem; margin-inline: auto; padding-inline: 1rem; overflow-wrap: anywhere; }
.content-page h1 { margin-top: 1.5rem; }
.content-page h2 { margin-top: 2rem; }
.content-page ul, .content-page ol { padding-inline-start: 1.25rem; }
.content-page address { font-style: normal; }
.content-page__actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1.5rem; }
.configure-status { min-height: 3rem; font-size: 1.1rem; }
.configure-status p { display: flex; align-items: center; gap: 0.6rem; }
.configure-status .spinner { width: 1.25rem; height: 1.25rem; border-width: 3px; margin: 0; flex: none; }
.configure-status__done { color: var(--color-success); font-weight: 700; }
.content-page__anchors { display: flex; flex-wrap: wrap; gap: 0.5rem 1.25rem; margin-top: 0.75rem; font-weight: 600; }
.home-section { padding-block: 2rem; padding-inline: 1rem; max-width: 72rem; margin-inline: auto; overflow-wrap: anywhere; }
.home-section + .home-section { border-top: 1px solid rgba(0, 0, 0, 0.08); }
.home-hero { text-align: center; padding-block: 2.5rem 1.5rem; }
.home-hero__slogan { font-size: clamp(1.75rem, 7vw, 3rem); margin: 0 0 1rem; }
.home-hero__text { max-width: 38rem; margin: 0 auto 1.25rem; }
.model-cards, .review-list, .steps, .home-grid { list-style: none; padding: 0; margin: 0; display: grid; gap: 1rem; grid-template-columns: 1fr; }
.model-card, .review, .step { border: 1px solid rgba(0, 0, 0, 0.12); border-radius: 12px; padding: 1rem; background: #fff; min-width: 0; }
.model-card a { display: block; color: inherit; text-decoration: none; border-radius: 8px; }
.model-card a:focus-visible, .step button:focus-visible, .signup-form :is(input, button):focus-visible, .content-page a:focus-visible, .home-section a:focus-visible {
  outline: 3px solid #1a56db; outline-offset: 3px;
}
.model-card img { width: 100%; height: auto; display: block; border-radius: 8px; }
.model-card__name { font-size: 1.2rem; margin: 0.75rem 0 0.25rem; }
.model-card__price { font-weight: 700; }
.model-card__cta { display: inline-block; margin-top: 0.5rem; text-decoration: underline; }
.review figure, .review blockquote { margin: 0; }
.review figcaption { margin-top: 0.5rem; font-weight: 600; }
.step h3 { margin-top: 0; }
.step__more { margin-top: 0.75rem; }
.signup-form { display: grid; gap: 0.75rem; max-width: 28rem; }
.signup-form input[type='email'] { width: 100%; box-sizing: border-box; min-height: 44px; font-size: 1rem; padding: 0.5rem; }
.honeypot { position: absolute !important; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; }
@media (min-width: 768px) {
  .model-cards, .review-list { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .review-list { grid-template-columns: repeat(3, minmax(0, 1fr)); }
  .steps { grid-template-columns: repeat(3, minmax(0, 1fr)); }
  .home-grid { grid-template-columns: repeat(3, minmax(0, 1fr)); }
}
`;

export function ContentStyles() {
  return <style>{CSS}</style>;
}
