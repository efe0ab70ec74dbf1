/**
 * The import queue's consumer (issue 27): applies each message's batch of an import (worker/commerce/
 * catalog/imports.ts), once; when the last batch is in, every cached API answer and kept page is renewed
 * (the catalog version), so lists and search show the new products at once. A failing batch is retried by
 * the queue (its rows are upserts, its record keeps it from being applied twice).
 */
import * as v from 'valibot';
import { applyImportBatch } from '../commerce/catalog/imports';
import { bumpCatalogVersion } from '../graphql/catalog-version';

const Message = v.object({
  importId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  batch: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

export const IMPORT_QUEUE_NAME = 'edge-storefront-import';

export async function applyImports(
  batch: MessageBatch<unknown>,
  env: Pick<Env, 'DB'>,
  now = () => new Date(),
): Promise<void> {
  for (const message of batch.messages) {
    const body = v.safeParse(Message, message.body);
    if (!body.success) {
      console.error('import queue: a message that is not a batch, dropped', JSON.stringify(message.body));
      message.ack();
      continue;
    }
    try {
      if ((await applyImportBatch(env.DB, body.output, now())) === 'DONE') await bumpCatalogVersion(env.DB);
      message.ack();
    } catch (error) {
      console.error('import batch failed; the queue retries it', JSON.stringify(body.output), error);
      message.retry({ delaySeconds: 5 });
    }
  }
}
