// The structure check of spec §5 (price-validation tokens and the auth cookie) and the GAD configuration.
import { describe, expect, test } from 'vitest';
import { env } from 'cloudflare:test';
import { tokenStructureProblem } from '../../worker/commerce/pricing/price-validation';
import { readConfig } from '../../worker/config';

const part = (value: object) =>
  btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
const header = part({ alg: 'ES256', typ: 'JWT' });
const payload = part({ exp: 1, m: '1', o: '2', c: 'SEK', p: 1.5 });

describe('the JWT structure check', () => {
  test('three base64url parts with JSON header and payload are well formed', () => {
    expect(tokenStructureProblem(`${header}.${payload}.c2lnbmF0dXJl`)).toBeNull();
  });

  test.each([
    ['not a string', 42, 'format'],
    ['empty', '', 'format'],
    ['a character outside letters, digits, _ and -', `${header}.${payload}.sig+nature`, 'format'],
    ['over 4 KB', `${header}.${'a'.repeat(5000)}.sig`, 'format'],
    ['two parts', `${header}.${payload}`, 'structure'],
    ['four parts', `${header}.${payload}.sig.more`, 'structure'],
    ['an empty part', `${header}..sig`, 'structure'],
    ['a header that is not JSON', `abc.${payload}.sig`, 'encoding'],
    ['a payload that is a JSON string, not an object', `${header}.${part(['x'])}.sig`, 'encoding'],
    ['a signature of impossible length', `${header}.${payload}.a`, 'encoding'],
  ])('%s is a %s problem', (_name, token, problem) => {
    expect(tokenStructureProblem(token)).toBe(problem);
  });
});

describe('GAD configuration', () => {
  test('the default is no keys and no merchant: every price token is refused', () => {
    expect(readConfig(env).gad).toEqual({ publicKeys: [], merchantId: '' });
  });

  test('a GAD_PUBLIC_KEYS that is not a JWKS of P-256 keys is a configuration error naming it', () => {
    expect(() => readConfig({ ...env, GAD_PUBLIC_KEYS: 'not json' } as never)).toThrow(/GAD_PUBLIC_KEYS/);
    expect(() =>
      readConfig({ ...env, GAD_PUBLIC_KEYS: '{"keys":[{"kty":"RSA","n":"x","e":"AQAB"}]}' } as never),
    ).toThrow(/GAD_PUBLIC_KEYS/);
  });
});
