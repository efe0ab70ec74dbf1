// Waits for a quiet machine before a figure that CPU contention would skew: the bench's own earlier load leaves
// the servers work after their answers (kept-page refreshes and cache writes through waitUntil, the
// collector), and a Chromium or a Lighthouse run just ended may still be winding down. On this 2-core
// machine that work ran beside the next measurement: the same build's list render read 1.37 ms in one bench
// and 2.42 ms in the next, taken right after the issue-26 load. What this waits for is the machine's own
// idleness (Linux's /proc/stat), never a fixed time: on an idle machine it returns at once.
import { readFileSync } from 'node:fs';

/** The busy share of all CPUs over the last `ms`, from /proc/stat (null where there is none). */
async function busyShare(ms) {
  const sample = () => {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = fields[3] + (fields[4] ?? 0); // idle + iowait
    return { idle, total: fields.reduce((sum, value) => sum + value, 0) };
  };
  let before;
  try {
    before = sample();
  } catch {
    return null;
  }
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = sample();
  const total = after.total - before.total;
  return total > 0 ? 1 - (after.idle - before.idle) / total : 0;
}

/** Time spent waiting so far, for the report. */
export const quietWaits = { ms: 0, timedOut: 0 };

/**
 * Resolves once the machine's CPUs were under `threshold` busy for a 300 ms window, or after `maxMs`
 * (counted in `quietWaits.timedOut`): the figure is then taken as it is.
 */
export async function quietMachine({ threshold = 0.1, maxMs = 15_000 } = {}) {
  const start = Date.now();
  for (;;) {
    const busy = await busyShare(300);
    if (busy === null || busy < threshold) break;
    if (Date.now() - start > maxMs) {
      quietWaits.timedOut++;
      break;
    }
  }
  quietWaits.ms += Date.now() - start;
}

/**
 * What the machine charges for the first touch of new memory, in µs per 4 KB page (the median of three
 * 64 MB buffers, each new, each written once; well under 1 µs on most machines). Chromium makes every
 * process, page and raster tile of new memory, so its own work grows with this figure, and with it
 * Lighthouse's blocking time: on the virtual machines here it read 12 to 100 µs (their host takes freed
 * memory back), and the build whose home page had read 0 ms of blocking time read 279 ms. The bench prints
 * it beside the Lighthouse rows, so that a miss can be read against the machine.
 */
export function freshMemoryCost() {
  const bytes = 64 * 1024 * 1024;
  const pages = bytes / 4096;
  const buffers = [];
  const costs = [];
  for (let round = 0; round < 3; round++) {
    const buffer = new Uint8Array(bytes);
    const start = process.hrtime.bigint();
    for (let offset = 0; offset < bytes; offset += 4096) buffer[offset] = 1;
    costs.push(Number(process.hrtime.bigint() - start) / 1000 / pages);
    buffers.push(buffer); // kept until all three are measured: each round's memory is new
  }
  return costs.sort((a, b) => a - b)[1];
}
