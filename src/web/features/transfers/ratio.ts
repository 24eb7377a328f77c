import { DEFAULT_RATIO } from '@domain/transfers/transfer.schema';
import type { Conversion } from './types';

/**
 * Miles per point as people in Brazil read and type it: "1.0000" → "1", "0.5000" → "0,5",
 * "2.2500" → "2,25" (the stored text, its trailing zeros dropped; never through a float).
 */
export function ratioText(ratio: string): string {
  const [int = '0', frac = ''] = ratio.trim().split('.');
  const kept = frac.replace(/0+$/, '');
  return kept ? `${int},${kept}` : int;
}

/** "1 milha por ponto", "0,5 milha por ponto", "2 milhas por ponto". */
export function ratioPhrase(ratio: string): string {
  const text = ratioText(ratio);
  const plural = Number(ratio) >= 2;
  return `${text} ${plural ? 'milhas' : 'milha'} por ponto`;
}

/**
 * The agency's ratio from one programme to another, as the API will apply it to a blank ratio: its
 * own, or the 1:1 default for a pair it never set. Null while the ratios are not loaded.
 */
export function pairRatio(
  conversions: readonly Conversion[] | undefined,
  sourceProgram: string,
  destinationProgram: string,
): string | null {
  if (!conversions) return null;
  const found = conversions.find(
    (c) => c.source_program === sourceProgram && c.destination_program === destinationProgram,
  );
  return found?.ratio ?? DEFAULT_RATIO;
}
