import { Checkbox } from '@/components/ui/checkbox';
import { Select } from '@/components/ui/select';

/** The header checkbox's state for the rows on screen: all, some or none selected. */
export function selectAllState(rows: readonly { id: string }[], selectedIds: ReadonlySet<string>): boolean | 'indeterminate' {
  const selected = rows.filter((row) => selectedIds.has(row.id)).length;
  return rows.length > 0 && selected === rows.length ? true : selected > 0 ? 'indeterminate' : false;
}

export interface MobileListHeaderProps<S extends string, O extends string> {
  rows: readonly { id: string }[];
  selectedIds: ReadonlySet<string>;
  onToggleAll: (checked: boolean) => void;
  sort: S;
  order: O;
  sortOptions: readonly { value: `${S}:${O}`; label: string }[];
  onSortChange: (sort: S, order: O) => void;
}

/** Card lists on small screens: "Selecionar todos" and the sort choice in one bar. */
export function MobileListHeader<S extends string, O extends string>({
  rows,
  selectedIds,
  onToggleAll,
  sort,
  order,
  sortOptions,
  onSortChange,
}: MobileListHeaderProps<S, O>) {
  return (
    <div className="flex items-center justify-between gap-3 border-b px-4 py-2.5">
      <label className="flex items-center gap-3 text-sm text-muted-foreground">
        <Checkbox
          aria-label="Selecionar todos"
          checked={selectAllState(rows, selectedIds)}
          disabled={rows.length === 0}
          onCheckedChange={(checked) => onToggleAll(checked === true)}
        />
        Todos
      </label>
      <Select
        aria-label="Ordenar por"
        className="w-auto min-w-0"
        value={`${sort}:${order}`}
        onChange={(event) => {
          const [nextSort, nextOrder] = event.target.value.split(':') as [S, O];
          onSortChange(nextSort, nextOrder);
        }}
      >
        {sortOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
