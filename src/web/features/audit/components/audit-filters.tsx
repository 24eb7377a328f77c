import { XIcon } from 'lucide-react';
import { AUDIT_AREA_LABELS, AUDIT_SYSTEM_USER, type AuditArea } from '@domain/audit/audit.schema';
import { isValidIsoDate } from '@domain/format';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Label } from '@/components/ui/label';
import { labelOptions, Select, SelectOptions } from '@/components/ui/select';
import { useAuditUsers } from '../api/get-audit-users';
import { NO_AUDIT_FILTERS, type AuditFilterValues } from '../types';

const AREA_OPTIONS = labelOptions(AUDIT_AREA_LABELS);

export interface AuditFiltersProps {
  value: AuditFilterValues;
  onChange: (value: AuditFilterValues) => void;
}

/** Usuário, Área and the period (De/Até) of the audit log. */
export function AuditFilters({ value, onChange }: AuditFiltersProps) {
  const users = useAuditUsers();
  const set = (patch: Partial<AuditFilterValues>) => onChange({ ...value, ...patch });
  // A day counts once it is complete and real; cleared, the bound goes.
  const onDay = (key: 'from' | 'to') => (day: string) => {
    if (day === '' || isValidIsoDate(day)) set({ [key]: day });
  };
  const filtered = Object.values(value).some(Boolean);
  return (
    <section
      aria-label="Filtros da auditoria"
      className="grid grid-cols-2 gap-3 lg:grid-cols-[1fr_1fr_10rem_10rem_auto]"
    >
      <div className="col-span-2 space-y-1.5 sm:col-span-1">
        <Label htmlFor="audit-user">Usuário</Label>
        <Select id="audit-user" value={value.user_id} onChange={(e) => set({ user_id: e.target.value })}>
          <option value="">Todos</option>
          <option value="system">{AUDIT_SYSTEM_USER}</option>
          {users.data?.data.map((user) => (
            <option key={user.id} value={user.id}>
              {user.active ? user.name : `${user.name} (desativado)`}
            </option>
          ))}
        </Select>
      </div>
      <div className="col-span-2 space-y-1.5 sm:col-span-1">
        <Label htmlFor="audit-area">Área</Label>
        <Select id="audit-area" value={value.area} onChange={(e) => set({ area: e.target.value as AuditArea | '' })}>
          <option value="">Todas</option>
          <SelectOptions options={AREA_OPTIONS} />
        </Select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="audit-from">De</Label>
        <DateInput id="audit-from" value={value.from} onChange={onDay('from')} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="audit-to">Até</Label>
        <DateInput
          id="audit-to"
          value={value.to}
          onChange={onDay('to')}
          aria-invalid={value.from && value.to && value.from > value.to ? true : undefined}
        />
      </div>
      <div className="col-span-2 flex items-end lg:col-span-1">
        <Button
          type="button"
          variant="ghost"
          className="w-full sm:w-auto"
          disabled={!filtered}
          onClick={() => onChange(NO_AUDIT_FILTERS)}
        >
          <XIcon aria-hidden="true" />
          Limpar filtros
        </Button>
      </div>
    </section>
  );
}
