const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );

/** A paragraph, a link, or a list of short lines (an order's lines, its amounts). */
export type MailPart = string | { link: string; label: string } | { list: string[] };

const textOf = (part: MailPart) => {
  if (typeof part === 'string') return part;
  if ('list' in part) return part.list.map((item) => `- ${item}`).join('\n');
  return `${part.label} : ${part.link}`;
};

const htmlOf = (part: MailPart) => {
  if (typeof part === 'string') return `<p>${escapeHtml(part)}</p>`;
  if ('list' in part) return `<ul>${part.list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
  return `<p><a href="${escapeHtml(part.link)}">${escapeHtml(part.label)}</a></p>`;
};

/** One plain-text and one HTML body from the same paragraphs; links stay readable in both. */
export function renderMail(paragraphs: MailPart[]): { text: string; html: string } {
  const text = paragraphs.map(textOf).join('\n\n');
  const html = paragraphs.map(htmlOf).join('\n');
  return {
    text: `${text}\n\n— L'équipe Bracelets QR`,
    html: `<!doctype html><html lang="fr"><body>${html}<p>— L'équipe Bracelets QR</p></body></html>`,
  };
}
