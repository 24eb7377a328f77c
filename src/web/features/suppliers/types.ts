// What the API answers is declared once, by the domain's response schemas (STYLE.md habit 10).
export type {
  Supplier,
  SupplierFormValues,
  SupplierInput,
  SupplierList,
  SupplierListQuery,
} from '@domain/suppliers/supplier.schema';
