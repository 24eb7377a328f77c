import { SUPPLIER_MESSAGES } from '../../domain/suppliers/supplier.schema';
import { featureErrors } from '../http/errors';

/** Suppliers' refusals: their codes with HTTP statuses. */
export const SUPPLIER_ERROR_STATUS = {
  SUPPLIER_NOT_FOUND: 404,
  SUPPLIER_DUPLICATE: 409,
} as const;

const supplierError = featureErrors(SUPPLIER_ERROR_STATUS);

export const supplierNotFound = (fields?: Record<string, string>) =>
  supplierError('SUPPLIER_NOT_FOUND', SUPPLIER_MESSAGES.notFound, fields ? { fields } : {});
export const supplierDuplicate = () =>
  supplierError('SUPPLIER_DUPLICATE', SUPPLIER_MESSAGES.duplicate, { fields: { name: SUPPLIER_MESSAGES.duplicate } });
