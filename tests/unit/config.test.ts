import { describe, expect, test } from 'vitest';
import { readConfig } from '../../worker/config';

const base = {
  CHANNEL_ID: '1|se',
  FALLBACK_MARKET_ALIAS: 'se',
  GRAPHQL_ENDPOINT: '',
  ROOT_REDIRECT_PATH: '',
  ROOT_REDIRECT_STATUS: '302',
  MARKET_IN_PATH: 'false',
  LOCAL_RUN: 'true',
} as unknown as Env;

describe('configuration', () => {
  test('the defaults of wrangler.toml mean the built-in API, no root redirect, no market in path', () => {
    expect(readConfig({ ...base })).toMatchObject({
      channelId: '1|se',
      graphqlEndpoint: null,
      rootRedirect: null,
      marketInPath: false,
      authSecret: undefined,
    });
  });

  test('an external endpoint, a root redirect and markets in the path are read as typed values', () => {
    const config = readConfig({
      ...base,
      GRAPHQL_ENDPOINT: 'https://merchantapi.example.com/graphql',
      ROOT_REDIRECT_PATH: '/kampanj',
      ROOT_REDIRECT_STATUS: '301',
      MARKET_IN_PATH: 'true',
    } as unknown as Env);
    expect(config.graphqlEndpoint).toBe('https://merchantapi.example.com/graphql');
    expect(config.rootRedirect).toEqual({ path: '/kampanj', status: 301 });
    expect(config.marketInPath).toBe(true);
  });

  test('misconfiguration fails with a message that names the variable', () => {
    expect(() => readConfig({ ...base, CHANNEL_ID: 'se' } as unknown as Env)).toThrow(
      /CHANNEL_ID must look like "1\|se"/,
    );
    expect(() => readConfig({ ...base, GRAPHQL_ENDPOINT: 'not a url' } as unknown as Env)).toThrow(/GRAPHQL_ENDPOINT/);
    expect(() => readConfig({ ...base, ROOT_REDIRECT_STATUS: '200' } as unknown as Env)).toThrow(
      /ROOT_REDIRECT_STATUS/,
    );
    expect(() => readConfig({ ...base, AUTH_SECRET: 'short' } as unknown as Env)).toThrow(
      /AUTH_SECRET must be at least 32/,
    );
  });

  test('a deployment (LOCAL_RUN false, as wrangler.toml ships) without PUBLIC_ORIGIN is a configuration error', () => {
    const deployed = { ...base, LOCAL_RUN: 'false' } as unknown as Env;
    expect(() => readConfig({ ...deployed, PUBLIC_ORIGIN: '' } as unknown as Env)).toThrow(
      "Invalid worker configuration: PUBLIC_ORIGIN must be set in a deployment: the shop's own origin, like https://www.kontorsgiganten.se",
    );
    expect(
      readConfig({ ...deployed, PUBLIC_ORIGIN: 'https://www.kontorsgiganten.se' } as unknown as Env),
    ).toMatchObject({ publicOrigin: 'https://www.kontorsgiganten.se' });
    // npm run dev, the preview and the tests say they are local: links follow the request there.
    expect(readConfig({ ...base, PUBLIC_ORIGIN: '' } as unknown as Env).publicOrigin).toBeNull();
  });
});
