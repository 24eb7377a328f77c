/** The rows of a `db.execute(sql…)` result, on either engine (both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Ids as one uuid[] parameter (`= ANY(${uuidArray(ids)}::uuid[])`): one bound value however many
 * ids, where a list of placeholders (inArray) stops at 65,535 and costs a parse per length.
 */
export const uuidArray = (ids: readonly string[]): string => `{${ids.join(',')}}`;

/**
 * Texts as one text[] parameter (`= ANY(${textArray(values)}::text[])`), as uuidArray: each value
 * quoted, its backslashes and double quotes escaped (PostgreSQL's array input syntax).
 */
export const textArray = (values: readonly string[]): string =>
  `{${values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
