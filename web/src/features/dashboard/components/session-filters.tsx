import { Search, X } from 'lucide-react';
import type { DashboardTab } from '@/lib/session-format';
import { Button } from '@/ui/button';
import { Input, Select } from '@/ui/input';

const statusOptions: Record<DashboardTab, { value: string; label: string }[]> = {
  requested: [{ value: 'requested', label: 'Requested' }],
  upcoming: [
    { value: 'confirmed', label: 'Confirmed' },
    { value: 'modification_pending', label: 'Awaiting Response' },
  ],
  completed: [{ value: 'completed', label: 'Completed' }],
  // Sessions that ended without taking place (spec 000 §4 keeps them out of Completed).
  history: [
    { value: 'cancelled', label: 'Cancelled' },
    { value: 'declined', label: 'Declined' },
    { value: 'rejected', label: 'Rejected' },
  ],
};

export interface SessionFiltersProps {
  tab: DashboardTab;
  search: string;
  onSearch: (search: string) => void;
  skill: string;
  skills: string[];
  onSkill: (skill: string) => void;
  status: string;
  onStatus: (status: string) => void;
  onClear: () => void;
}

export const SessionFilters = ({ tab, search, onSearch, skill, skills, onSkill, status, onStatus, onClear }: SessionFiltersProps) => {
  const filtered = !!(search || skill || status);
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center" role="search" aria-label="Filter sessions">
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" />
        <Input
          type="search"
          aria-label="Search by mentor or skill"
          placeholder="Search by mentor or skill"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          className="pl-9"
          data-testid="session-search"
        />
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <Select aria-label="Filter by skill" value={skill} onChange={(e) => onSkill(e.target.value)} className="sm:w-44" data-testid="filter-skill">
          <option value="">All skills</option>
          {skills.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
        <Select aria-label="Filter by status" value={status} onChange={(e) => onStatus(e.target.value)} className="sm:w-44" data-testid="filter-status">
          <option value="">All statuses</option>
          {statusOptions[tab].map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </div>
      {filtered && (
        <Button variant="ghost" size="sm" onClick={onClear} data-testid="clear-filters">
          <X className="h-4 w-4" /> Clear all
        </Button>
      )}
    </div>
  );
};
