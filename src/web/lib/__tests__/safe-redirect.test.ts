import { describe, expect, it } from 'vitest';
import { safeRedirectPath, signInPathFor } from '../safe-redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/clientes', '/clientes'],
    ['/config?tab=seguranca', '/config?tab=seguranca'],
    ['/emissoes/123#historico', '/emissoes/123#historico'],
    ['/', '/'],
  ])('keeps the same-site path %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['clientes'],
    ['https://evil.example/'],
    ['//evil.example/'],
    ['/\\evil.example/'],
    ['javascript:alert(1)'],
    ['/ok\nSet-Cookie: x'],
    ['/entrar'],
    ['/entrar?redirect=/x'],
  ])('falls back to "/" for %j', (input) => {
    expect(safeRedirectPath(input)).toBe('/');
  });
});

describe('signInPathFor', () => {
  it('carries the path back as an encoded redirect', () => {
    expect(signInPathFor('/config?tab=seguranca')).toBe('/entrar?redirect=%2Fconfig%3Ftab%3Dseguranca');
  });

  it('leaves out the redirect for the home page', () => {
    expect(signInPathFor('/')).toBe('/entrar');
  });
});
