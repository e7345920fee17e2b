import data from 'virtual:decoy-gallery';

/*
 * The gallery's data, prepared by `decoy site build` (harness/gallery-build.ts), which hands
 * it to Astro's build as the virtual module `virtual:decoy-gallery`.
 */
export function gallery() {
  return data;
}
