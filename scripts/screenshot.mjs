#!/usr/bin/env node
// Screenshots of shop pages in Debian's Chromium, at phone and desktop widths, for looking at a screen
// as a shopper would. Usage:
//   node scripts/screenshot.mjs <url> [<url>...] [--out=dir] [--widths=375,1360] [--full] [--no-js]
// Writes <out>/<slug>-<width>.png (default out: /tmp/screenshots) and prints the file names.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const flag = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const urls = args.filter((a) => !a.startsWith('--'));
const out = flag('out', '/tmp/screenshots');
const widths = flag('widths', '375,1360').split(',').map(Number);
const fullPage = args.includes('--full');
const javaScriptEnabled = !args.includes('--no-js');
if (urls.length === 0) {
  console.error(
    'usage: node scripts/screenshot.mjs <url> [<url>...] [--out=dir] [--widths=375,1360] [--full] [--no-js]',
  );
  process.exit(2);
}
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const url of urls) {
    const slug = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
    for (const width of widths) {
      const page = await browser.newPage({
        viewport: { width, height: width < 768 ? 812 : 900 },
        javaScriptEnabled,
        // The style below is the tool's, not the page's: its Content-Security-Policy would refuse it.
        bypassCSP: fullPage,
      });
      await page.goto(url, { waitUntil: 'networkidle' });
      const file = join(out, `${slug}-${width}.png`);
      // Product cards out of view are not rendered until they near it (content-visibility: auto), and a
      // full-page picture is taken beyond the view: the whole page is shown as a shopper scrolling it sees it.
      if (fullPage) await page.addStyleTag({ content: '.product-card { content-visibility: visible !important; }' });
      await page.screenshot({ path: file, fullPage });
      await page.close();
      console.log(file);
    }
  }
} finally {
  await browser.close();
}
