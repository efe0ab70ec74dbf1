// Bundled by scripts/bench.mjs for Node in production mode: renders the home page in process from data
// already in memory (a warm cache), the way the worker does, and returns the whole HTML.
import { renderToReadableStream } from 'react-dom/server.edge';
import { createTranslator, LOCALE_ISO } from '../locales';
import { Document } from '../client/pages/Document';
import { HomePage } from '../client/pages/HomePage';
import type { ProductCardData } from '../client/components/ProductCard';

export async function renderHome(newItems: ProductCardData[], popular: ProductCardData[]): Promise<string> {
  const shop = { locale: 'sv' as const, localeIso: LOCALE_ISO.sv, t: createTranslator('sv'), pricesIncludeVat: true, localePrefix: '' };
  const stream = await renderToReadableStream(
    <Document shop={shop} title="Kontorsgiganten" description="" nonce="bench" stylesheet="/assets/styles.css" cartCount={0} shipping={{ fee: '49 kr', freeFrom: '499 kr' }}>
      <HomePage data={{ newItems: Promise.resolve(newItems), popular: Promise.resolve(popular) }} />
    </Document>,
    { nonce: 'bench', bootstrapModules: ['/assets/entry.js'] },
  );
  await stream.allReady;
  return new Response(stream).text();
}
