#!/usr/bin/env node
// Builds what the browser loads into dist/client (served by Workers Static Assets):
//   assets/   the island entry, its chunks and the stylesheet, content-hashed, cached for a year
//   images/   generated product and category images
//   _headers  cache and security headers for those files
// and writes worker/generated/assets.ts so the worker links the hashed names.
// Usage: node scripts/build-client.mjs [--watch]
import { context, build } from 'esbuild';
import { mkdirSync, rmSync, writeFileSync, readFileSync, existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createHash } from 'node:crypto';
import { loadTs } from './lib/load-ts.mjs';
import { ICONS, iconPng } from './lib/icons.mjs';

const OUT = 'dist/client';
const ASSETS_DIR = join(OUT, 'assets');
const watch = process.argv.includes('--watch');

const SECURITY_HEADERS = [
  'X-Content-Type-Options: nosniff',
  'X-XSS-Protection: 1; mode=block',
  'Referrer-Policy: strict-origin-when-cross-origin',
  'Strict-Transport-Security: max-age=31536000; includeSubDomains',
];

function writeHeaders() {
  writeFileSync(
    join(OUT, '_headers'),
    [
      '/*',
      ...SECURITY_HEADERS.map((h) => `  ${h}`),
      '/assets/*',
      '  Cache-Control: public, max-age=31536000, immutable',
      '/images/*',
      '  Cache-Control: public, max-age=86400, stale-while-revalidate=604800',
      // Issue 28: the service worker is asked again on every visit (a new deployment's takes over at once);
      // browsers check it at least daily whatever this says.
      '/sw.js',
      '  Cache-Control: no-cache',
      '/icons/*',
      '  Cache-Control: public, max-age=86400, stale-while-revalidate=604800',
      '',
    ].join('\n'),
  );
}

async function writeImages() {
  const { generateProductImages } = await loadTs('worker/db/seed/images.ts');
  const dir = join(OUT, 'images/products');
  mkdirSync(dir, { recursive: true });
  for (const { fileName, svg } of generateProductImages()) writeFileSync(join(dir, fileName), svg);
  writeFileSync(
    join(OUT, 'favicon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#FDD600"/><path d="M10 7h4v7.5L20.5 7h5l-7.2 7.6L26 25h-5l-5.5-7.6-1.5 1.6V25h-4z" fill="#111"/></svg>',
  );
  // The web app manifest's icons (issue 28), drawn from the same "K".
  mkdirSync(join(OUT, 'icons'), { recursive: true });
  for (const [name, size, maskable] of ICONS) {
    const file = join(OUT, 'icons', name);
    if (!existsSync(file)) writeFileSync(file, iconPng(size, { maskable }));
  }
}

const LOCALES = ['sv', 'da', 'en', 'fi', 'nb'];

/**
 * The service worker (issue 28, client/sw/sw.ts) at the site's root, told this build's files (every hashed
 * asset the shop's pages load: not the back office's stylesheet), the offline page of each language and
 * the notice over a kept copy, and a version made of them: a new build is a new worker.
 */
async function buildServiceWorker(metafile, manifest) {
  const assets = Object.keys(metafile.outputs)
    .map((path) => '/' + relative(OUT, path).split('\\').join('/'))
    .filter((url) => url !== manifest.adminStylesheet)
    .sort();
  const offline = Object.fromEntries(
    LOCALES.map((locale) => {
      const messages = JSON.parse(readFileSync(`locales/${locale}.json`, 'utf8'));
      return [locale, { path: locale === 'sv' ? '/offline' : `/${locale}/offline`, notice: messages.offline.notice }];
    }),
  );
  const icons = ['/favicon.svg', ...ICONS.map(([name]) => `/icons/${name}`)];
  const content = JSON.stringify({ assets: [...assets, ...icons], offline });
  const version = createHash('sha256').update(content).digest('hex').slice(0, 12);
  await build({
    entryPoints: ['client/sw/sw.ts'],
    outfile: join(OUT, 'sw.js'),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox115', 'safari16'],
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    define: {
      SW_BUILD: JSON.stringify({ version, assets: [...assets, ...icons], stylesheet: manifest.stylesheet, offline }),
    },
  });
  return version;
}

function writeManifest(metafile) {
  const outputs = Object.entries(metafile.outputs);
  const find = (entry) => {
    const hit = outputs.find(([, output]) => output.entryPoint === entry);
    if (!hit) throw new Error(`esbuild produced no output for ${entry}`);
    return '/' + relative(OUT, hit[0]).split('\\').join('/');
  };
  const manifest = {
    entry: find('client/browser/entry.tsx'),
    stylesheet: find('client/styles/index.css'),
    // The back office's own (issue 27): no shopper's page links it.
    adminStylesheet: find('client/styles/admin.css'),
  };
  // Which sources went into which chunk, for `npm run bench`'s island sizes (outside the served folder).
  writeFileSync('dist/client-meta.json', JSON.stringify({ outputs: metafile.outputs }));
  mkdirSync('worker/generated', { recursive: true });
  const source = `// Generated by scripts/build-client.mjs: the hashed names of the client build. Do not edit.\nexport const ASSETS = ${JSON.stringify(manifest, null, 2)} as const;\n`;
  const file = 'worker/generated/assets.ts';
  if (!existsSync(file) || readFileSync(file, 'utf8') !== source) writeFileSync(file, source);
  return manifest;
}

/** Deletes hashed files under assets/ that this build did not write (earlier builds' names). */
function removeStaleAssets(metafile) {
  const written = new Set(Object.keys(metafile.outputs).map((path) => relative(ASSETS_DIR, path)));
  for (const name of readdirSync(ASSETS_DIR)) if (!written.has(name)) rmSync(join(ASSETS_DIR, name), { force: true });
}

/**
 * GraphQL documents as the browser gets them: the whitespace that formats them in the source collapsed
 * (GraphQL ignores it), so an island carries its operations' words, not their indentation. Only
 * `/* GraphQL *\/` templates without string values, comments or interpolations are touched.
 */
const compactGraphQL = {
  name: 'compact-graphql',
  setup(b) {
    b.onLoad({ filter: /(client|core)\/.*\.tsx?$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('/* GraphQL */')) return undefined;
      const contents = source.replace(/\/\* GraphQL \*\/ `((?:[^`"#$]|\$(?!\{))*)`/g, (_, body) => {
        return (
          '`' +
          body
            .replace(/\s+/g, ' ')
            .replace(/ ?([{}():,!=]) ?/g, '$1')
            .trim() +
          '`'
        );
      });
      return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
};

const options = {
  plugins: [compactGraphQL],
  entryPoints: [
    { in: 'client/browser/entry.tsx', out: 'entry' },
    { in: 'client/styles/index.css', out: 'styles' },
    { in: 'client/styles/admin.css', out: 'admin' },
  ],
  outdir: ASSETS_DIR,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022', 'chrome111', 'firefox115', 'safari16'],
  minify: true,
  sourcemap: false,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[name]-[hash]',
  assetNames: '[name]-[hash]',
  metafile: true,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'none',
  logLevel: 'warning',
};

// Files are overwritten in place, never the folder removed first: a running dev server (or an e2e run's)
// may be serving it. A one-off build removes only the hashed assets it did not produce.
mkdirSync(ASSETS_DIR, { recursive: true });
writeHeaders();
await writeImages();

if (watch) {
  const ctx = await context({
    ...options,
    plugins: [
      compactGraphQL,
      {
        name: 'manifest',
        setup(b) {
          b.onEnd(async (result) => {
            if (result.metafile) await buildServiceWorker(result.metafile, writeManifest(result.metafile));
          });
        },
      },
    ],
  });
  await ctx.watch();
  console.log('client build: watching client/ for changes');
} else {
  const result = await build(options);
  removeStaleAssets(result.metafile);
  const manifest = writeManifest(result.metafile);
  const version = await buildServiceWorker(result.metafile, manifest);
  console.log(`client build: ${manifest.entry}, ${manifest.stylesheet}, service worker ${version}`);
}
