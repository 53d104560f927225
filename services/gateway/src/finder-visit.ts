import type { IncomingHttpHeaders } from 'node:http';

/**
 * Link-preview fetchers and crawlers that announce themselves. A match costs a real finder only
 * speed (the app's page, which still looks the bracelet up), so the list names agents rather than
 * guessing from words like "bot" (a Cubot phone's browser says "CUBOT").
 */
const PREVIEW_AGENTS =
  /facebookexternalhit|facebot|twitterbot|slackbot|slack-imgproxy|whatsapp|telegrambot|discordbot|linkedinbot|skypeuripreview|microsoftpreview|pinterest|redditbot|applebot|googlebot|google-inspectiontool|googleother|adsbot-google|mediapartners-google|bingbot|bingpreview|msnbot|yandex|baiduspider|duckduckbot|petalbot|sogou|embedly|iframely|vkshare|mastodon|bitlybot|tumblr|snapchat|viber|kakaotalk-scrap|line-poker|qwantify|ahrefsbot|semrushbot|mj12bot|dotbot|ia_archiver|archive\.org_bot/i;

/** Headers a browser sets when it only prefetches or prerenders a page nobody has opened yet. */
const SPECULATIVE = /prefetch|prerender|preview/i;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

/**
 * Whether a request for /b/{id} is a person opening the page (ADR 018): a GET that the browser
 * marks as a top-level document navigation (Sec-Fetch-Dest: document, Sec-Fetch-Mode: navigate),
 * not a prefetch or prerender, and not from a known preview agent. Only such a visit gets the card
 * in its first response, which records the scan and alerts the family. Everything else gets the
 * neutral page: the app's shell, no child data, nothing recorded — a browser too old to send
 * Sec-Fetch headers then shows the card through the app, which looks it up (and records) itself.
 */
export function isFinderVisit(method: string, headers: IncomingHttpHeaders): boolean {
  if (method !== 'GET') return false;
  if (first(headers['sec-fetch-dest']) !== 'document' || first(headers['sec-fetch-mode']) !== 'navigate') return false;
  const purpose = [headers['sec-purpose'], headers.purpose, headers['x-purpose'], headers['x-moz']].map(first).join(' ');
  if (SPECULATIVE.test(purpose)) return false;
  return !PREVIEW_AGENTS.test(first(headers['user-agent']));
}
