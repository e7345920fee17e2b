import { defineConfig } from 'astro/config';

// `decoy site build` passes root, outDir and the data file; this holds what does not vary.
export default defineConfig({
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  devToolbar: { enabled: false },
});
