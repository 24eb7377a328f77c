import { describe, it, expect } from 'vitest';
import {
  formatCnpj,
  formatCpf,
  formatCpfOrCnpj,
  formatPhone,
  isValidCnpj,
  isValidCpf,
  isValidPhone,
  maskCnpj,
  maskCpf,
  maskPhone,
  onlyDigits,
} from '../documents';

describe('onlyDigits', () => {
  it.each([
    ['529.982.247-25', '52998224725'],
    ['(11) 99999-8888', '11999998888'],
    ['abc', ''],
    ['', ''],
    [' 1 2 3 ', '123'],
  ])('%j → %j', (input, expected) => {
    expect(onlyDigits(input)).toBe(expected);
  });
});

describe('isValidCpf', () => {
  it.each([
    ['529.982.247-25', true],
    ['52998224725', true],
    ['123.456.789-09', true],
    ['  529 982 247 25  ', true],
    ['529.982.247-24', false], // second check digit wrong
    ['529.982.247-15', false], // first check digit wrong
    ['111.111.111-11', false], // repeated digit passes mod-11 but is rejected
    ['000.000.000-00', false],
    ['999.999.999-99', false],
    ['5299822472', false], // 10 digits
    ['529982247250', false], // 12 digits
    ['', false],
    ['abc.def.ghi-jk', false],
  ])('%j → %s', (input, expected) => {
    expect(isValidCpf(input)).toBe(expected);
  });
});

describe('isValidCnpj', () => {
  it.each([
    ['11.222.333/0001-81', true],
    ['11222333000181', true],
    ['11.444.777/0001-61', true],
    ['00.000.000/0001-91', true],
    ['11.222.333/0001-82', false], // second check digit wrong
    ['11.222.333/0001-71', false], // first check digit wrong
    ['00.000.000/0000-00', false],
    ['11.111.111/1111-11', false],
    ['1122233300018', false], // 13 digits
    ['112223330001810', false], // 15 digits
    ['', false],
  ])('%j → %s', (input, expected) => {
    expect(isValidCnpj(input)).toBe(expected);
  });
});

describe('formatCpf / formatCnpj / formatCpfOrCnpj', () => {
  it.each([
    ['52998224725', '529.982.247-25'],
    ['529.982.247-25', '529.982.247-25'],
    ['5299822472', '5299822472'],
    ['12a3', '123'],
    ['', ''],
  ])('formatCpf(%j) → %j', (input, expected) => {
    expect(formatCpf(input)).toBe(expected);
  });

  it.each([
    ['11222333000181', '11.222.333/0001-81'],
    ['11.222.333/0001-81', '11.222.333/0001-81'],
    ['1122233300018', '1122233300018'],
    ['', ''],
  ])('formatCnpj(%j) → %j', (input, expected) => {
    expect(formatCnpj(input)).toBe(expected);
  });

  it.each([
    ['52998224725', '529.982.247-25'],
    ['11222333000181', '11.222.333/0001-81'],
    ['123-4', '1234'],
  ])('formatCpfOrCnpj(%j) → %j', (input, expected) => {
    expect(formatCpfOrCnpj(input)).toBe(expected);
  });
});

describe('maskCpf as the user types', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['12', '12'],
    ['123', '123'],
    ['1234', '123.4'],
    ['12345', '123.45'],
    ['123456', '123.456'],
    ['1234567', '123.456.7'],
    ['12345678', '123.456.78'],
    ['123456789', '123.456.789'],
    ['1234567890', '123.456.789-0'],
    ['12345678909', '123.456.789-09'],
    ['123456789091', '123.456.789-09'], // capped at 11 digits
    ['123.456.789-09', '123.456.789-09'], // re-masking is stable
    ['123.', '123'], // separator removed again on backspace
    ['a1b2c3d4', '123.4'],
  ])('%j → %j', (typed, expected) => {
    expect(maskCpf(typed)).toBe(expected);
  });
});

describe('maskCnpj as the user types', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['12', '12'],
    ['123', '12.3'],
    ['1234', '12.34'],
    ['12345', '12.345'],
    ['123456', '12.345.6'],
    ['1234567', '12.345.67'],
    ['12345678', '12.345.678'],
    ['123456789', '12.345.678/9'],
    ['1234567890', '12.345.678/90'],
    ['12345678900', '12.345.678/900'],
    ['123456780001', '12.345.678/0001'],
    ['1234567800019', '12.345.678/0001-9'],
    ['12345678000195', '12.345.678/0001-95'],
    ['123456780001950', '12.345.678/0001-95'], // capped at 14 digits
    ['12.345.678/0001-95', '12.345.678/0001-95'],
  ])('%j → %j', (typed, expected) => {
    expect(maskCnpj(typed)).toBe(expected);
  });
});

describe('formatPhone', () => {
  it.each([
    ['1133334444', '(11) 3333-4444'],
    ['11999998888', '(11) 99999-8888'],
    ['(11) 99999-8888', '(11) 99999-8888'],
    ['11 3333 4444', '(11) 3333-4444'],
    ['119999', '119999'],
    ['5511999998888', '5511999998888'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
});

describe('maskPhone as the user types', () => {
  it.each([
    ['', ''],
    ['1', '(1'],
    ['11', '(11'],
    ['119', '(11) 9'],
    ['1199', '(11) 99'],
    ['11999', '(11) 999'],
    ['119999', '(11) 9999'],
    ['1199999', '(11) 9999-9'],
    ['11999999', '(11) 9999-99'],
    ['119999999', '(11) 9999-999'],
    ['1199999999', '(11) 9999-9999'],
    ['11999999999', '(11) 99999-9999'], // 11th digit switches to the mobile layout
    ['119999999990', '(11) 99999-9999'], // capped at 11 digits
    ['(11) 99999-999', '(11) 9999-9999'], // backspace from 11 to 10 digits
    ['(11) 3333-4444', '(11) 3333-4444'],
  ])('%j → %j', (typed, expected) => {
    expect(maskPhone(typed)).toBe(expected);
  });
});

describe('isValidPhone', () => {
  it.each([
    ['(11) 3333-4444', true],
    ['(11) 99999-8888', true],
    ['84999998888', true],
    ['(99) 9999-9999', true],
    ['(10) 3333-4444', false], // DDD below 11
    ['(01) 99999-8888', false],
    ['(11) 3333-444', false], // 9 digits
    ['5511999998888', false], // with country code
    ['', false],
  ])('%j → %s', (input, expected) => {
    expect(isValidPhone(input)).toBe(expected);
  });
});
