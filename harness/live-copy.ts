import { createHmac, randomBytes } from 'node:crypto';
import { ATTR, SITE_LOG_META } from '../scenarios/contract.ts';

/**
 * The path a configuration's live site is served under. Scenario ids name the pattern family
 * and its variant, and an agent sees the URL, so the key is an HMAC of the id under a secret
 * of the build: stable within a built site, telling nothing about the configuration even to
 * someone who hashes every public id (a plain digest of the id would be reversed so).
 */
export function liveKey(scenarioId: string, secret: string): string {
  return createHmac('sha256', secret).update(scenarioId).digest('hex').slice(0, 12);
}

/**
 * A new secret for one built site's keys. It is kept nowhere: the built site's `live.json`
 * (served on the gallery's origin only) maps its keys back to ids, so a rebuild gives new URLs.
 */
export const newKeySecret = () => randomBytes(32).toString('hex');

/** The folder of the live sites in a built gallery, and the first segment of their paths: served on an origin of their own (harness/server.ts). */
export const LIVE_DIR = 'live';

export const livePath = (scenarioId: string, secret: string) => `/${LIVE_DIR}/${liveKey(scenarioId, secret)}`;

/** Where a live copy posts its event log (neutral words only: the page is served to agents). */
export const SINK_DIR = '__events';
export const sinkPath = (key: string) => `/${SINK_DIR}/${key}`;

/**
 * A bundle's site files as hosted under `base`: the runtime reads the prefix from
 * `<html data-base>`, posts its event log to `sink`, and absolute links carry the prefix so
 * that opening one in a new tab or by URL lands on the same site.
 */
export function liveCopy(files: Readonly<Record<string, string>>, base: string, sink: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, content] of Object.entries(files)) {
    if (!path.endsWith('.html')) {
      out[path] = content;
      continue;
    }
    out[path] = content
      .replace(/<html\b/, `<html ${ATTR.base}="${base}"`)
      .replace(/<head>/, `<head>\n<meta name="${SITE_LOG_META}" content="${sink}">`)
      .replace(/\bhref="\/(?!\/)/g, `href="${base}/`);
  }
  return out;
}
