/**
 * /admin/import (issue 27): a CSV or JSON file of products, articles, prices per currency and stock is
 * checked first (the dry run: every row's problems by line, in the staff member's language, nothing
 * kept); a file without problems is kept, and applied when staff say so, through the import queue in
 * batches, with a progress bar (the page reloads itself while it runs: no script). Applying again changes
 * only what differs. Both steps are audit-logged.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { ImportDetailPage, ImportPage } from '../../client/views/admin/ImportPage';
import type { AdminKey } from '../../locales/admin';
import { checkImport, parseImportFile, type ImportProblem } from '../commerce/catalog/import';
import { findImport, keepImportStatement, recentImports, startApplying } from '../commerce/catalog/imports';
import { MAX_IMPORT_BYTES } from '../middleware/request-limits';
import { builtInApiOnly, doneTo, writers, type AdminContext, type AdminEnv } from './context';
import { renderAdmin, renderAdminMessage } from './render';
import { adminDateTime } from './pages';
import { auditStatement, mayWrite } from './staff';

const ImportId = v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/), v.transform(Number));

/** A problem as staff read it: "Rad 3: EAN 123 är inte ett giltigt EAN-13". */
function problemText(c: AdminContext, problem: ImportProblem): string {
  const message = c.var.at(`import.problems.${problem.key}` as AdminKey, problem.params) || problem.key;
  return problem.line > 0
    ? c.var.at('import.problemLine', { line: problem.line, message })
    : c.var.at('import.problemFile', { message });
}

async function importPage(c: AdminContext, problems: ImportProblem[] | null) {
  const recent = await recentImports(c.env.DB);
  return renderAdmin(c, {
    title: c.var.at('import.title'),
    status: problems ? 422 : 200,
    body: (
      <ImportPage
        at={c.var.at}
        canWrite={mayWrite(c.var.staff)}
        problems={problems ? problems.map((problem) => problemText(c, problem)) : null}
        recent={recent.map((item) => ({
          id: item.id,
          file: item.fileName,
          who: item.staffEmail,
          when: adminDateTime(c, item.createdAt),
          rows: item.total,
          status: c.var.at(`import.${item.status}` as AdminKey),
        }))}
      />
    ),
  });
}

export function importRoutes() {
  const routes = new Hono<AdminEnv>();
  routes.use('*', builtInApiOnly);
  routes.use('*', writers);

  routes.get('/', (c) => importPage(c, null));

  routes.post('/', async function checkFile(c) {
    const file = (await c.req.parseBody()).file;
    if (!(file instanceof File) || file.size === 0 || file.size > MAX_IMPORT_BYTES)
      return importPage(c, [{ line: 0, key: 'notReadable', params: {} }]);
    const parsed = parseImportFile(file.name, await file.text());
    if (Array.isArray(parsed)) return importPage(c, parsed);
    const check = await checkImport(c.env.DB, parsed.records);
    if (check.problems.length > 0 || check.rows.length === 0)
      return importPage(c, check.problems.length > 0 ? check.problems : [{ line: 0, key: 'notReadable', params: {} }]);
    const now = new Date();
    const [kept] = await c.env.DB.batch<{ id: number }>([
      keepImportStatement(c.env.DB, check, { name: file.name, format: parsed.format }, c.var.staff.email, now),
      auditStatement(
        c.env.DB,
        c.var.staff,
        { action: 'import.check', subject: `import:${file.name}`, before: null, after: check.summary },
        now,
      ),
    ]);
    return doneTo(c, `/admin/import/${kept!.results[0]!.id}`, 'import.checked');
  });

  routes.get('/:id', async function importDetail(c) {
    const id = v.safeParse(ImportId, c.req.param('id'));
    const found = id.success ? await findImport(c.env.DB, id.output) : null;
    if (!found) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    const at = c.var.at;
    return renderAdmin(c, {
      title: at('import.detailTitle', { id: found.id, file: found.fileName }),
      refresh: found.status === 'APPLYING' ? 2 : undefined,
      body: (
        <ImportDetailPage
          at={at}
          canWrite={mayWrite(c.var.staff)}
          id={found.id}
          file={found.fileName}
          summary={at('import.summary', {
            articles: found.summary.articles,
            products: found.summary.products,
            newProducts: found.summary.newProducts,
            newArticles: found.summary.newArticles,
          })}
          status={found.status}
          statusText={at(`import.${found.status}` as AdminKey)}
          done={found.doneBatches}
          total={found.batches}
          finished={found.finishedAt ? at('import.finished', { date: adminDateTime(c, found.finishedAt) }) : null}
        />
      ),
    });
  });

  routes.post('/:id/apply', async function apply(c) {
    const id = v.safeParse(ImportId, c.req.param('id'));
    const found = id.success ? await findImport(c.env.DB, id.output) : null;
    if (!found) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    const path = `/admin/import/${found.id}` as const;
    const now = new Date();
    const messages = await startApplying(c.env.DB, found.id, c.var.staff.email, now, [
      auditStatement(
        c.env.DB,
        c.var.staff,
        {
          action: 'import.apply',
          subject: `import:${found.id}`,
          before: { status: found.status },
          after: { status: 'APPLYING', rows: found.total },
        },
        now,
        { afterChange: true },
      ),
    ]);
    if (!messages) return doneTo(c, path, 'import.notStartable', undefined, 'error');
    // Queues take at most 100 messages a send.
    for (let start = 0; start < messages.length; start += 100)
      await c.env.IMPORT_QUEUE.sendBatch(messages.slice(start, start + 100).map((body) => ({ body })));
    return doneTo(c, path, 'import.started');
  });

  return routes;
}
