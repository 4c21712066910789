import { useMemo } from 'react';
import { Select } from '@/ui/input';

const allTimeZones = (): string[] => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
};

export const TimeZoneSelect = ({ id, value, onChange }: { id: string; value: string; onChange: (timeZone: string) => void }) => {
  // The saved zone is always offered, even if this browser's list lacks it (e.g. 'UTC' on some engines).
  const zones = useMemo(() => {
    const list = allTimeZones();
    return list.includes(value) ? list : [value, ...list];
  }, [value]);
  return (
    <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
      {zones.map((zone) => (
        <option key={zone} value={zone}>
          {zone.replaceAll('_', ' ')}
        </option>
      ))}
    </Select>
  );
};
