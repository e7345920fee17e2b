#!/usr/bin/env node
process.env.TZ = 'UTC';
const { register } = await import('tsx/esm/api');
register();
await import('../cli/main.ts');
