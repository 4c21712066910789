// The event browser's filters (issue 33 point 1): stream (exact or a prefix), type, member (as actor or as
// subject), a time range and a correlation id. Kept in the URL by the page, so a link can carry them;
// applied on submit, not per keystroke (each change is a new read of the log).
import { Search, X } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/ui/button';
import { Field, Input, Select } from '@/ui/input';
import { instantOf, type EventFilters } from '../api/audit-api';

/** An ISO instant as a datetime-local field shows it (local time, minutes). */
const toLocalInput = (iso: string | undefined) => {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

export const EventFiltersForm = ({ filters, onApply }: { filters: EventFilters; onApply: (filters: EventFilters) => void }) => {
  const [draft, setDraft] = useState<EventFilters>(filters);
  useEffect(() => setDraft(filters), [filters]);
  const set = (name: keyof EventFilters) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = Object.fromEntries(Object.entries(draft).filter(([, value]) => value)) as EventFilters;
    if (!chosen.stream) delete chosen.streamMatch;
    if (!chosen.member) delete chosen.memberAs;
    for (const field of ['from', 'to'] as const) if (chosen[field]) chosen[field] = instantOf(chosen[field]);
    onApply(chosen);
  };
  return (
    <form onSubmit={submit} className="grid gap-3 p-5 sm:grid-cols-2 lg:grid-cols-4" aria-label="Event filters">
      <Field label="Stream" htmlFor="filter-stream" className="sm:col-span-2">
        <div className="flex gap-2">
          {/* Wrapped: the controls are full width by design, so the wrappers share the row (a phone's too). */}
          <div className="min-w-0 flex-1">
            <Input id="filter-stream" value={draft.stream ?? ''} onChange={set('stream')} placeholder="session-… or ledger-…" />
          </div>
          <div className="w-28 shrink-0">
            <Select aria-label="Stream match" value={draft.streamMatch ?? 'prefix'} onChange={set('streamMatch')}>
              <option value="prefix">Prefix</option>
              <option value="exact">Exact</option>
            </Select>
          </div>
        </div>
      </Field>
      <Field label="Event types" htmlFor="filter-type" hint="One or several, separated by commas">
        <Input id="filter-type" value={draft.type ?? ''} onChange={set('type')} placeholder="SessionRequested" />
      </Field>
      <Field label="Correlation id" htmlFor="filter-correlation">
        <Input id="filter-correlation" value={draft.correlation ?? ''} onChange={set('correlation')} />
      </Field>
      <Field label="Member id" htmlFor="filter-member" className="sm:col-span-2">
        <div className="flex gap-2">
          <div className="min-w-0 flex-1">
            <Input id="filter-member" value={draft.member ?? ''} onChange={set('member')} />
          </div>
          <div className="w-36 shrink-0">
            <Select aria-label="Member as" value={draft.memberAs ?? 'subject'} onChange={set('memberAs')}>
              <option value="subject">As subject</option>
              <option value="actor">As actor</option>
            </Select>
          </div>
        </div>
      </Field>
      <Field label="From" htmlFor="filter-from">
        <Input id="filter-from" type="datetime-local" value={toLocalInput(draft.from)} onChange={set('from')} />
      </Field>
      <Field label="Until" htmlFor="filter-to">
        <Input id="filter-to" type="datetime-local" value={toLocalInput(draft.to)} onChange={set('to')} />
      </Field>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit">
          <Search className="h-4 w-4" aria-hidden /> Apply filters
        </Button>
        <Button variant="outline" onClick={() => onApply({})}>
          <X className="h-4 w-4" aria-hidden /> Clear
        </Button>
      </div>
    </form>
  );
};
