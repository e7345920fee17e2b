/**
 * What an MCP client is told of a configuration. Its id names its pattern families and their
 * variants (`demo.v2.purchase-shopping.cookie-trap-modal.s7`), which is ground truth, so the
 * client gets a handle instead: the key the gallery gives a live site (harness/live-copy.ts),
 * an HMAC of the id under a secret, new for each server unless the operator gives one, so that
 * a handle cannot be traced back by hashing the public ids. Configurations are listed in the
 * handles' order, so that their place in the list says nothing either. The id is kept in the
 * run folder, and told once the episode has ended.
 */
import type { LoadedBundle } from '../../simulator/loop/bundle.ts';
import { liveKey } from '../live-copy.ts';

/** A configuration as the client may see it before playing it: nothing but what its page and its task say. */
export interface Listed {
  handle: string;
  domain: string;
  instruction: string;
}

export interface Configuration extends Listed {
  bundle: LoadedBundle;
}

/** The configurations under their handles, in the handles' order; two ids with one handle are refused rather than confused. */
export function configurations(bundles: readonly LoadedBundle[], secret: string): Configuration[] {
  const byHandle = new Map<string, Configuration>();
  for (const bundle of bundles) {
    const { id, task } = bundle.manifest;
    const handle = liveKey(id, secret);
    const other = byHandle.get(handle);
    if (other) throw new Error(`${id} and ${other.bundle.manifest.id} share the handle ${handle}`);
    byHandle.set(handle, { handle, domain: task.domain, instruction: task.instruction, bundle });
  }
  return [...byHandle.values()].sort((a, b) => (a.handle < b.handle ? -1 : 1));
}
