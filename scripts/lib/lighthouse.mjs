// Lighthouse (mobile preset, Debian Chromium) for `npm run bench`: the median of several runs per page,
// so one noisy run on this 2-core machine does not decide a score.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import { quietMachine } from './quiet.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Puts `cookies` (Playwright's shape) into the jar of the browser Lighthouse drives: it keeps them between runs. */
async function addCookies(port, cookies) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    await browser.contexts()[0].addCookies(cookies);
  } finally {
    await browser.close(); // disconnects; the browser stays for Lighthouse
  }
}

/**
 * Scores (0–100) of `url` per category and its total blocking time (ms), each the median of `runs` cold
 * runs, plus the audits that failed in the median performance run (so a miss says why) and the path the
 * runs ended on (a page that redirected measured another page). `cookies`: a shopper's (a cart, a login);
 * `skipAudits` are left out of the scores.
 */
export async function lighthouseScores(url, runs = 3, { cookies, skipAudits } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    if (cookies?.length) await addCookies(chrome.port, cookies);
    // A run that fails outright (a runtime error such as NO_NAVSTART) is noted and made again, twice at most.
    const results = [];
    const runErrors = [];
    for (let attempt = 0; results.length < runs && attempt < runs + 2; attempt++) {
      // Each run on a quiet machine: the last run's Chromium work and the servers' background work done.
      await quietMachine();
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        ...(skipAudits && { skipAudits }),
      });
      if (lhr.runtimeError) runErrors.push(lhr.runtimeError.code);
      else results.push(lhr);
    }
    if (results.length === 0) throw new Error(`Lighthouse could not measure ${url}: ${runErrors.join(', ')}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((category) => [
        category,
        Math.round(100 * median(results.map((lhr) => lhr.categories[category].score ?? 0))),
      ]),
    );
    const byPerformance = [...results].sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const middle = byPerformance[Math.floor(byPerformance.length / 2)];
    const failing = Object.values(middle.audits)
      .filter(
        (audit) =>
          audit.score !== null &&
          audit.score < 0.9 &&
          !['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode),
      )
      .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    const totalBlockingTime = median(results.map((lhr) => lhr.audits['total-blocking-time'].numericValue));
    const finalPath = new URL(middle.finalDisplayedUrl).pathname;
    return { scores, totalBlockingTime, failing, finalPath, runErrors, runs: results.length };
  } finally {
    await chrome.kill();
  }
}
