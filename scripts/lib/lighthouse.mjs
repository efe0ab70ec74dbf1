// Lighthouse (mobile preset, Debian Chromium) for `npm run bench`: the median of several runs per page,
// so one noisy run on this 2-core machine does not decide a score.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Scores (0–100) of `url` per category, the median of `runs` cold runs, plus the audits that failed in
 * the median performance run (so a miss says why).
 */
export async function lighthouseScores(url, runs = 3) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const results = [];
    for (let i = 0; i < runs; i++) {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      results.push(lhr);
    }
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
    return { scores, failing };
  } finally {
    await chrome.kill();
  }
}
