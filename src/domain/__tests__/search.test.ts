import { describe, expect, it } from 'vitest';
import { escapeLike, normalizeSearch } from '../search';

describe('normalizeSearch', () => {
  it.each([
    ['José', 'jose'],
    ['  JOÃO   da  Conceição ', 'joao da conceicao'],
    ['529.982.247-25', '52998224725'],
    ['52998224725', '52998224725'],
    ['11.222.333/0001-81', '11222333000181'],
    ['maria@x.com', 'maria@x.com'],
    ['Ana 2', 'ana 2'],
  ])('%s → %s', (input, expected) => expect(normalizeSearch(input)).toBe(expected));
});

describe('escapeLike', () => {
  it('escapes wildcards', () => expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b'));
});
