// The Error Log tab of /admin/errors (spec 002 §2): search over type, message and path, the severity and
// status filters (the server filters: the groups may be many), and the groups newest first.
import { Search } from 'lucide-react';
import { useState } from 'react';
import {
  ERROR_GROUPS_LIMIT_DEFAULT,
  ERROR_SEARCH_MAX,
  errorSeverityFilters,
  errorStatusFilters,
  errorTexts,
  type ErrorGroup,
  type ErrorGroupsQuery,
} from '@contracts/admin-errors';
import { useMediaQuery } from '@/lib/use-media-query';
import { Input, Select } from '@/ui/input';
import { DataTable } from '@/ui/table/data-table';
import type { TableStatus } from '@/ui/table/types';
import { useErrorGroups } from '../api/errors-api';
import { ErrorGroupCard, errorLogColumns } from './error-log-rows';
import { useSettled } from './users-directory';

type Severity = ErrorGroupsQuery['severity'];
type Status = ErrorGroupsQuery['status'];
const severityFilterLabels: Record<Severity, string> = { all: 'All severities', critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' };
const statusFilterLabels: Record<Status, string> = { all: 'All statuses', unresolved: 'Unresolved', resolved: 'Resolved' };

/** Below 1024 px the ten facts of a row do not fit a table's width: cards. */
const narrowQuery = '(max-width: 1023px)';
const useNarrow = () => useMediaQuery(narrowQuery);

export interface ErrorLogViewProps {
  typed: string;
  onType: (value: string) => void;
  severity: Severity;
  onSeverity: (value: Severity) => void;
  status: Status;
  onStatus: (value: Status) => void;
  groups: ErrorGroup[];
  loadStatus: TableStatus;
  busy: boolean;
  onRetry: () => void;
  onDetails: (groupId: string) => void;
  narrow: boolean;
}

export const ErrorLogView = (props: ErrorLogViewProps) => {
  const { typed, onType, severity, onSeverity, status, onStatus, groups, loadStatus, busy, onRetry, onDetails, narrow } = props;
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden />
          <Input
            type="search"
            value={typed}
            maxLength={ERROR_SEARCH_MAX}
            onChange={(event) => onType(event.target.value)}
            placeholder={errorTexts.searchPlaceholder}
            aria-label={errorTexts.searchPlaceholder}
            className="pl-9"
            data-testid="error-search"
          />
        </div>
        <div className="grid grid-cols-2 gap-3 sm:flex">
          <Select
            value={severity}
            onChange={(event) => onSeverity(event.target.value as Severity)}
            aria-label="Severity"
            data-testid="error-severity"
            className="sm:w-40"
          >
            {errorSeverityFilters.map((value) => (
              <option key={value} value={value}>
                {severityFilterLabels[value]}
              </option>
            ))}
          </Select>
          <Select value={status} onChange={(event) => onStatus(event.target.value as Status)} aria-label="Status" data-testid="error-status" className="sm:w-40">
            {errorStatusFilters.map((value) => (
              <option key={value} value={value}>
                {statusFilterLabels[value]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <div className={narrow ? undefined : 'max-h-[40rem] overflow-y-auto rounded-lg border border-slate-200'}>
        <DataTable
          label="Error groups"
          columns={errorLogColumns(onDetails)}
          rows={groups}
          rowId={(group) => group.id}
          manual
          status={loadStatus}
          busy={busy}
          onRetry={onRetry}
          errorTitle={errorTexts.loadFailed}
          empty={
            <p className="py-10 text-center text-sm text-slate-600" data-testid="error-log-empty">
              {errorTexts.emptyLog}
            </p>
          }
          renderCard={narrow ? (group) => <ErrorGroupCard group={group} onDetails={onDetails} /> : undefined}
          bodyData={{ 'data-testid': 'error-log' }}
        />
      </div>
    </div>
  );
};

export const ErrorLog = ({ onDetails }: { onDetails: (groupId: string) => void }) => {
  const [typed, setTyped] = useState('');
  const [severity, setSeverity] = useState<Severity>('all');
  const [status, setStatus] = useState<Status>('all');
  const search = useSettled(typed.trim());
  const groups = useErrorGroups({ search: search || undefined, severity, status, limit: ERROR_GROUPS_LIMIT_DEFAULT });
  return (
    <ErrorLogView
      typed={typed}
      onType={setTyped}
      severity={severity}
      onSeverity={setSeverity}
      status={status}
      onStatus={setStatus}
      groups={groups.data ?? []}
      loadStatus={groups.data ? 'success' : groups.status}
      busy={groups.isFetching}
      onRetry={() => void groups.refetch()}
      onDetails={onDetails}
      narrow={useNarrow()}
    />
  );
};
