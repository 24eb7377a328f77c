import type * as React from 'react';
import { FilterXIcon, SearchIcon, Trash2Icon } from 'lucide-react';
import type { ProgramKey } from '@domain/programs';
import { PROGRAM_OPTIONS } from '@/components/program-label';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { labelOptions, Select, SelectOptions } from '@/components/ui/select';
import { cn } from '@/lib/utils';

export interface ListSearchProps extends Omit<React.ComponentProps<typeof Input>, 'type' | 'value' | 'onChange'> {
  value: string;
  onValueChange: (value: string) => void;
  /** The box's width and place in the toolbar. */
  wrapperClassName?: string;
}

/** A list's search box, with its magnifier. */
export function ListSearch({ value, onValueChange, wrapperClassName, className, ...props }: ListSearchProps) {
  return (
    <div className={cn('relative', wrapperClassName)}>
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        {...props}
        className={cn('pl-9', className)}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </div>
  );
}

interface FilterSelectProps<V extends string> {
  /** Accessible name: 'Filtrar por status'. */
  label: string;
  /** The first option, for no filter: 'Todos os status'. */
  allLabel: string;
  options: readonly { value: V; label: string }[];
  value: V | null;
  /** Null for the first option (or a value outside `options`). */
  onValueChange: (value: V | null) => void;
  className?: string;
}

/** A list filter: one of `options`, or all. */
function FilterSelect<V extends string>({
  label,
  allLabel,
  options,
  value,
  onValueChange,
  className,
}: FilterSelectProps<V>) {
  return (
    <Select
      aria-label={label}
      className={className}
      value={value ?? ''}
      onChange={(event) => onValueChange(options.find((option) => option.value === event.target.value)?.value ?? null)}
    >
      <option value="">{allLabel}</option>
      <SelectOptions options={options} />
    </Select>
  );
}

export interface StatusFilterProps<V extends string> {
  /** Each status's label, in the order the statuses are declared. */
  labels: Record<V, string>;
  value: V | null;
  onValueChange: (value: V | null) => void;
  className?: string;
}

/** 'Filtrar por status', over a record's statuses in their order. */
export function StatusFilter<V extends string>({ labels, value, onValueChange, className }: StatusFilterProps<V>) {
  return (
    <FilterSelect
      label="Filtrar por status"
      allLabel="Todos os status"
      options={labelOptions(labels)}
      value={value}
      onValueChange={onValueChange}
      className={className}
    />
  );
}

/** 'Filtrar por programa', over the catalogue's programs. */
export function ProgramFilter({
  value,
  onValueChange,
}: {
  value: ProgramKey | null;
  onValueChange: (value: ProgramKey | null) => void;
}) {
  return (
    <FilterSelect
      label="Filtrar por programa"
      allLabel="Todos os programas"
      options={PROGRAM_OPTIONS}
      value={value}
      onValueChange={onValueChange}
      className="w-full sm:w-48"
    />
  );
}

/** 'Limpar Filtros', shown while any filter or search narrows the list. */
export function ClearFiltersButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="ghost" onClick={onClick} className="shrink-0">
      <FilterXIcon aria-hidden="true" />
      Limpar Filtros
    </Button>
  );
}

/** 'Excluir (n)', for the rows ticked on screen; nothing while none is. */
export function BulkDeleteButton({ count, onClick }: { count: number; onClick: () => void }) {
  if (count === 0) return null;
  return (
    <Button variant="destructive" onClick={onClick}>
      <Trash2Icon aria-hidden="true" />
      Excluir ({count})
    </Button>
  );
}
