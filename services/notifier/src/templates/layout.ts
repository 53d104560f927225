const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );

/** One plain-text and one HTML body from the same paragraphs; links stay readable in both. */
export function renderMail(paragraphs: Array<string | { link: string; label: string }>): { text: string; html: string } {
  const text = paragraphs.map((part) => (typeof part === 'string' ? part : `${part.label} : ${part.link}`)).join('\n\n');
  const html = paragraphs
    .map((part) =>
      typeof part === 'string' ? `<p>${escapeHtml(part)}</p>` : `<p><a href="${escapeHtml(part.link)}">${escapeHtml(part.label)}</a></p>`,
    )
    .join('\n');
  return {
    text: `${text}\n\n— L'équipe Bracelets QR`,
    html: `<!doctype html><html lang="fr"><body>${html}<p>— L'équipe Bracelets QR</p></body></html>`,
  };
}
