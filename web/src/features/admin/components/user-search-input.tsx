// The search box of the users directory and the inspector's picker: name or e-mail, the contract's limit.
import { Search } from 'lucide-react';
import { SEARCH_MAX } from '@contracts/admin-users';
import { Input } from '@/ui/input';

export const UserSearchInput = ({ value, onChange, label, className }: { value: string; onChange: (value: string) => void; label: string; className?: string }) => (
  <div className={`relative ${className ?? ''}`}>
    <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden />
    <Input
      type="search"
      value={value}
      maxLength={SEARCH_MAX}
      onChange={(event) => onChange(event.target.value)}
      placeholder="Search by name or e-mail"
      aria-label={label}
      className="pl-9"
    />
  </div>
);
