import type * as React from 'react';
import { FilterXIcon, SearchIcon, Trash2Icon } from 'lucide-react';
import type { ProgramKey } from '@domain/programs';
import { PROGRAM_OPTIONS } from '@/components/program-label';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
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

export interface PeriodFilterProps {
  from: string | null;
  to: string | null;
  onFromChange: (value: string) => void;
  onToChange: (value: string) => void;
  /** The start is after the end: the end box is marked, and PeriodInvertedMessage says why. */
  inverted: boolean;
}

/**
 * A list's 'De' and 'Até' boxes (dd/mm/aaaa). 'Até dd/mm/aaaa' and its calendar need about
 * 10.5rem: the two side by side where both fit (11rem each from 640 px), one above the other on a
 * narrow phone.
 */
export function PeriodFilter({ from, to, onFromChange, onToChange, inverted }: PeriodFilterProps) {
  return (
    <div className="grid w-full grid-cols-[repeat(auto-fit,minmax(10.5rem,1fr))] gap-2 sm:w-auto sm:grid-cols-2">
      <DateInput
        aria-label="Data inicial"
        placeholder="De dd/mm/aaaa"
        className="sm:w-44"
        value={from ?? ''}
        onChange={onFromChange}
      />
      <DateInput
        aria-label="Data final"
        placeholder="Até dd/mm/aaaa"
        className="sm:w-44"
        value={to ?? ''}
        onChange={onToChange}
        aria-invalid={inverted || undefined}
      />
    </div>
  );
}

/** Under a list's filters while its period is inverted (the list keeps the last valid one). */
export function PeriodInvertedMessage() {
  return (
    <p role="alert" className="w-full text-[0.8rem] font-medium text-destructive">
      Período inválido: a data inicial é posterior à final.
    </p>
  );
}
