import { EMISSION_STATUSES, type EmissionStatus } from '../list-defaults';
import type { LotBadgeVariant } from '../lots/lot.schema';

// An emission's status as people read it (DESIGN.md §2 "Emission status"), without zod: the list
// page draws its badges and filter with it before zod loads (#14).

export const EMISSION_STATUS_LABELS: Record<EmissionStatus, string> = {
  pending: 'Pendente',
  processing: 'Processando',
  issued: 'Emitida',
  failed: 'Falhou',
  cancelled: 'Cancelada',
};

/** The variants of the web's Badge (same set as the lots'), named here so the domain stays framework-free. */
export type EmissionBadgeVariant = LotBadgeVariant;

const EMISSION_STATUS_BADGE_VARIANTS: Record<EmissionStatus, EmissionBadgeVariant> = {
  pending: 'secondary',
  processing: 'warning',
  issued: 'success',
  failed: 'destructive',
  cancelled: 'outline',
};

export function isEmissionStatus(status: string): status is EmissionStatus {
  return (EMISSION_STATUSES as readonly string[]).includes(status);
}

export function emissionStatusLabel(status: string): string {
  return isEmissionStatus(status) ? EMISSION_STATUS_LABELS[status] : status;
}

export function emissionStatusBadgeVariant(status: string): EmissionBadgeVariant {
  return isEmissionStatus(status) ? EMISSION_STATUS_BADGE_VARIANTS[status] : 'outline';
}
