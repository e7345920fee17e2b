import { createHash } from 'node:crypto';
import { ATTR, SITE_LOG_META } from '../scenarios/contract.ts';

/**
 * The path a configuration's live site is served under. Scenario ids name the pattern family
 * and its variant, and an agent sees the URL, so the path is an opaque digest of the id:
 * stable for a configuration, telling nothing about it.
 */
export function liveKey(scenarioId: string): string {
  return createHash('sha256').update(scenarioId).digest('hex').slice(0, 12);
}

/** The folder of the live sites in a built gallery, and the first segment of their paths: served on an origin of their own (harness/server.ts). */
export const LIVE_DIR = 'live';

export const livePath = (scenarioId: string) => `/${LIVE_DIR}/${liveKey(scenarioId)}`;

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
