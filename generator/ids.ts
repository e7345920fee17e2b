import { hashSeed } from '../scenarios/rng.ts';

/**
 * The identifiers a page carries (an input's id, an overlay's, a collapsible section's; a
 * control's, a form's and a field's name come from generator/neutral.ts) are opaque: a hash of what the element is in its site, never a word an author
 * chose ("addon", "hidden-1", "terms-extended"). They hash the element's place among the
 * site's own blocks (route and block ids), not its position in the page, so a pattern that
 * inserts blocks or pages leaves every other element's id as it was; and the salt comes from
 * the base site (task, domain, seed), so a control and its patterned twins share ids while
 * two seeds share none.
 */
export interface Ids {
  /**
   * The id of a thing referred to by name from elsewhere (an overlay, a section), or of a control
   * the layout draws itself (a section's toggle, a cart row's Remove): the same name, the same id.
   */
  ref(kind: 'overlay' | 'section' | 'control' | 'account', name: string): string;
  /** A fresh element id for the block at this place (scope and block-id path); a place met twice gets a second id. */
  element(...place: string[]): string;
}

export function opaqueIds(salt: number): Ids {
  const refs = new Map<string, string>();
  const places = new Set<string>();
  const taken = new Set<string>();
  const mint = (key: string): string => {
    for (let n = 0; ; n++) {
      // A letter first: an id is also a CSS identifier.
      const id = `k${hashSeed(salt, key, n).toString(36)}`;
      if (!taken.has(id)) {
        taken.add(id);
        return id;
      }
    }
  };
  return {
    ref(kind, name) {
      const key = `${kind}\u0000${name}`;
      let id = refs.get(key);
      if (id === undefined) refs.set(key, (id = mint(key)));
      return id;
    },
    element(...place) {
      let key = `element\u0000${place.join('\u0000')}`;
      for (let n = 2; places.has(key); n++) key = `element\u0000${place.join('\u0000')}\u0000${n}`;
      places.add(key);
      return mint(key);
    },
  };
}
