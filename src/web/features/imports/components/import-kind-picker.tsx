import { PackageIcon, PlaneTakeoffIcon, UsersIcon, type LucideIcon } from 'lucide-react';
import { IMPORT_KIND_LABELS, IMPORT_KINDS, type ImportKind } from '@domain/imports/import.schema';
import { cn } from '@/lib/utils';

const KIND_TEXTS: Record<ImportKind, { icon: LucideIcon; description: string }> = {
  clients: { icon: UsersIcon, description: 'Nome, e-mail, CPF/CNPJ, telefone e etiquetas' },
  lots: { icon: PackageIcon, description: 'Programa, conta, milhas, custo e validade' },
  emissions: { icon: PlaneTakeoffIcon, description: 'Cliente, conta, rota, milhas e valores' },
};

export interface ImportKindPickerProps {
  value: ImportKind;
  onChange: (kind: ImportKind) => void;
  /** An import is running: its kind stays. */
  disabled?: boolean;
}

/** 'Clientes', 'Lotes de Milhas', 'Emissões' (spec part 2 §2 /importador): what the file holds. */
export function ImportKindPicker({ value, onChange, disabled = false }: ImportKindPickerProps) {
  return (
    <fieldset disabled={disabled} aria-disabled={disabled || undefined} className={cn(disabled && 'opacity-60')}>
      <legend className="mb-2 text-sm font-medium">O que você vai importar?</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {IMPORT_KINDS.map((kind) => {
          const { icon: Icon, description } = KIND_TEXTS[kind];
          const id = `import-kind-${kind}`;
          const checked = value === kind;
          return (
            <label
              key={kind}
              htmlFor={id}
              className={cn(
                'flex items-start gap-3 rounded-lg border bg-card p-3 transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/40',
                disabled ? 'cursor-not-allowed' : 'cursor-pointer hover:bg-accent/50',
                checked && 'border-primary bg-primary/5 ring-1 ring-primary hover:bg-primary/5',
              )}
            >
              <input
                id={id}
                type="radio"
                name="import-kind"
                value={kind}
                checked={checked}
                onChange={() => onChange(kind)}
                aria-labelledby={`${id}-label`}
                aria-describedby={`${id}-description`}
                className="sr-only"
              />
              <span
                className={cn(
                  'flex size-9 shrink-0 items-center justify-center rounded-md',
                  checked ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
                )}
              >
                <Icon aria-hidden="true" className="size-4" />
              </span>
              <span className="min-w-0 space-y-0.5">
                <span id={`${id}-label`} className="block text-sm font-medium">
                  {IMPORT_KIND_LABELS[kind]}
                </span>
                <span id={`${id}-description`} className="block text-xs leading-snug text-muted-foreground">
                  {description}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
