// Loads a TypeScript module of the project in Node by bundling it with esbuild first. Used by the
// developer scripts for code that also runs in the worker (the seed generator, its images).
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export async function loadTs(path) {
  const outdir = resolve('node_modules/.cache/edge-storefront');
  mkdirSync(outdir, { recursive: true });
  const outfile = join(outdir, `${basename(path).replace(/\.tsx?$/, '')}-${process.pid}.mjs`);
  await build({
    entryPoints: [resolve(path)],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    outfile,
    logLevel: 'error',
  });
  return import(pathToFileURL(outfile).href);
}
