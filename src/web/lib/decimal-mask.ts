/**
 * A decimal as typed in Brazil (spec part 1 §5): digits and one separator (comma or dot), filtered
 * as typed, at most 16 characters — a lot's cost, a rule's amounts and caps.
 */
export function maskDecimal(typed: string): string {
  let separator = false;
  let out = '';
  for (const ch of typed) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if ((ch === ',' || ch === '.') && !separator) {
      separator = true;
      out += ch;
    }
  }
  return out.slice(0, 16);
}
