import { describe, expect, it } from 'vitest';
import { SUPPLIER_MESSAGES, supplierInputSchema } from '@domain/suppliers/supplier.schema';
import {
  averageCostText,
  supplierDocumentText,
  supplierPeriod,
  toSupplierFormState,
  yearStart,
} from '../supplier-form';
import type { Supplier } from '../types';

const supplier: Supplier = {
  id: '7d3e9c1a-2b4f-4e6a-9c8d-1f2e3a4b5c6d',
  name: 'Hotmilhas',
  document: '11222333000181',
  pix_key: 'pix@hotmilhas.com.br',
  contact: null,
  notes: null,
  created_at: '2026-01-05T12:00:00.000Z',
  period: { lots: 2, miles: 30_000, paid_cents: 46_500, average_cost_per_thousand: '15.5000' },
};

describe('what a supplier shows', () => {
  it.each([
    ['15.5000', 'R$\u00a015,50'],
    ['15.5050', 'R$\u00a015,51'],
    ['15.5049', 'R$\u00a015,50'],
    ['1234.0000', 'R$\u00a01.234,00'],
    [null, '—'],
  ])('average cost %j → %j', (text, shown) => expect(averageCostText(text)).toBe(shown));

  it('names the document CPF or CNPJ, formatted', () => {
    expect(supplierDocumentText('52998224725')).toBe('CPF 529.982.247-25');
    expect(supplierDocumentText('11222333000181')).toBe('CNPJ 11.222.333/0001-81');
    expect(supplierDocumentText(null)).toBeNull();
  });
});

describe('the supplier form', () => {
  it('starts blank for a new supplier', () => {
    expect(toSupplierFormState(null)).toEqual({ name: '', document: '', pix_key: '', contact: '', notes: '' });
  });

  it('fills an edit with the supplier, its CNPJ masked, and parses back to the same values', () => {
    const state = toSupplierFormState(supplier);
    expect(state).toEqual({
      name: 'Hotmilhas',
      document: '11.222.333/0001-81',
      pix_key: 'pix@hotmilhas.com.br',
      contact: '',
      notes: '',
    });
    expect(supplierInputSchema.parse(state)).toEqual({
      name: 'Hotmilhas',
      document: '11222333000181',
      pix_key: 'pix@hotmilhas.com.br',
      contact: null,
      notes: null,
    });
  });
});

describe('the period', () => {
  it('starts on January 1st of the year', () => expect(yearStart('2026-03-10')).toBe('2026-01-01'));

  it('asks for a complete period in order, and says when it is out of order', () => {
    expect(supplierPeriod({ from: '2026-01-01', to: '2026-03-10' })).toEqual({
      query: { from: '2026-01-01', to: '2026-03-10' },
      problem: null,
    });
    expect(supplierPeriod({ from: '2026-01-01', to: '10/03' })).toEqual({ query: null, problem: null });
    expect(supplierPeriod({ from: '', to: '2026-03-10' })).toEqual({ query: null, problem: null });
    expect(supplierPeriod({ from: '2026-03-11', to: '2026-03-10' })).toEqual({
      query: null,
      problem: SUPPLIER_MESSAGES.periodOrder,
    });
  });
});
