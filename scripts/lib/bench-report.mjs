// The printed side of `npm run bench`: a table of figures beside their targets, and the small formatters
// the bench's lines share.

export const kb = (bytes) => (Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(1)} KB` : 'n/a');
export const ms = (value, digits = 0) => (Number.isFinite(value) ? `${value.toFixed(digits)} ms` : 'n/a');

/** A path cut to `length` characters, for columns. */
export const shortPath = (path, length = 28) => (path.length > length ? `${path.slice(0, length - 1)}…` : path);

/** PASS, MISS, or n/a when the figure could not be measured (`ok` null). */
export const mark = (ok) => (ok === null ? 'n/a' : ok ? 'PASS' : 'MISS');

/** A section heading. */
export const heading = (title) => `\n──────── ${title} ────────`;

/**
 * Rows of { figure, measured, target, ok } as aligned columns, then how many pass. `ok` null: not
 * measured (counts as a miss).
 */
export function targetTable(rows) {
  const width = (key) => Math.max(...rows.map((row) => row[key].length));
  const [figure, measured, target] = [width('figure'), width('measured'), width('target')];
  const lines = rows.map(
    (row) =>
      `${row.figure.padEnd(figure)}  ${row.measured.padStart(measured)}  ${row.target.padEnd(target)}  ${mark(row.ok)}`,
  );
  const passed = rows.filter((row) => row.ok === true).length;
  return [...lines, `${passed} of ${rows.length} targets met`].join('\n');
}

/** A throughput line: requests per second and latency of one path. */
export function loadLine(name, result) {
  return `${name.padEnd(26)} ${result.rps.toFixed(0).padStart(6)} req/s   p50 ${result.p50.toFixed(1).padStart(6)} ms   p99 ${result.p99.toFixed(1).padStart(6)} ms   (${result.count} requests, ${result.errors} errors, ${(result.bytes / 1024).toFixed(1)} KB sent)`;
}
