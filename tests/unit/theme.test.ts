// Spec §3: the theme map's keys become the pages' style variables. What a key takes (nothing that could
// carry CSS of its own), the style rule a page gets, and its fingerprint for the kept pages' key.
import { describe, expect, test } from 'vitest';
import { themeFingerprint, themeOf, themeStyle, themeValue, themeWithDefaults } from '../../core/theme';
import { widenedPolicy } from '../../worker/middleware/security-headers';

describe('what a theme key takes', () => {
  test('a colour is #rrggbb or #rgb, kept as #rrggbb in lower case', () => {
    expect(themeValue('accent-color', '#0A7D3C')).toBe('#0a7d3c');
    expect(themeValue('accent-color', ' #fd0 ')).toBe('#ffdd00');
  });

  test('anything else is not a colour: names, functions, other lengths, CSS of its own', () => {
    for (const bad of [
      'red',
      'rgb(0,0,0)',
      '#12345',
      '#1234567',
      '#ggg',
      '#0a7d3c;}body{display:none',
      '</style>',
      '',
      7,
    ]) {
      expect(themeValue('accent-color', bad)).toBeNull();
    }
  });

  test('a radius is whole pixels from 0 to its largest (24 for cards, 16 for small parts), with or without px', () => {
    expect(themeValue('radius', '4')).toBe('4px');
    expect(themeValue('radius', '0px')).toBe('0px');
    expect(themeValue('radius', '24')).toBe('24px');
    expect(themeValue('radius', '25')).toBeNull();
    expect(themeValue('radius-small', '16')).toBe('16px');
    expect(themeValue('radius-small', '17')).toBeNull();
    for (const bad of ['-1', '4.5', '4em', '1rem', 'calc(1px)', '4px;color:red', ''])
      expect(themeValue('radius', bad)).toBeNull();
  });
});

describe('the page’s style rule', () => {
  test('the default theme adds nothing, and has no fingerprint', () => {
    expect(themeStyle({})).toBe('');
    expect(themeFingerprint({})).toBe('');
    expect(themeStyle({ 'accent-color': '#fdd600' })).toBe('');
  });

  test('each key the owner set becomes the custom property the stylesheets use', () => {
    expect(themeStyle({ 'accent-color': '#0a7d3c', 'background-color': '#ffffff', radius: '4px' })).toBe(
      ':root{--color-brand:#0a7d3c;--color-canvas:#ffffff;--radius:4px}',
    );
  });

  test('stored rows are checked again: unknown keys, bad values and the stylesheet’s own values are left out', () => {
    expect(
      themeOf([
        ['accent-color', '#0A7D3C'],
        ['font', 'Comic Sans'],
        ['sale-color', 'red;}'],
        ['radius', '10px'],
        ['__proto__', '#000000'],
      ]),
    ).toEqual({ 'accent-color': '#0a7d3c' });
  });

  test('every key has the stylesheet’s value until it is set', () => {
    expect(themeWithDefaults({ radius: '4px' })).toMatchObject({
      'accent-color': '#fdd600',
      radius: '4px',
      'radius-small': '6px',
    });
  });

  test('another theme, another fingerprint', () => {
    const green = themeFingerprint({ 'accent-color': '#0a7d3c' });
    expect(green).not.toBe('');
    expect(themeFingerprint({ 'accent-color': '#0a7d3d' })).not.toBe(green);
    expect(themeFingerprint({ 'accent-color': '#0a7d3c' })).toBe(green);
  });
});

describe('a policy widened for a provider’s inline styles', () => {
  test('loses the nonce in that directive only, which would make browsers ignore unsafe-inline', () => {
    const policy = "script-src 'nonce-abc' 'strict-dynamic'; style-src 'self' 'nonce-abc'; img-src 'self'";
    expect(
      widenedPolicy(policy, { 'style-src': "'unsafe-inline' https://x.example", 'script-src': 'https://x.example' }),
    ).toBe(
      "script-src 'nonce-abc' 'strict-dynamic' https://x.example; style-src 'self' 'unsafe-inline' https://x.example; img-src 'self'",
    );
  });
});
