import type { ProfileDraft } from '../profile-rules';
import { Field, Input, Textarea } from '@/ui/input';
import { TimeZoneSelect } from './time-zone-select';

export interface ProfileDetailsFormProps {
  draft: ProfileDraft;
  onChange: (draft: ProfileDraft) => void;
  nameError?: string | null;
}

export const ProfileDetailsForm = ({ draft, onChange, nameError }: ProfileDetailsFormProps) => {
  const set = <K extends keyof ProfileDraft>(key: K, value: ProfileDraft[K]) => onChange({ ...draft, [key]: value });
  return (
    <div className="mt-5 grid gap-4 sm:grid-cols-2" data-testid="profile-details-form">
      <Field label="Name" htmlFor="profile-name" error={nameError}>
        <Input id="profile-name" value={draft.name} maxLength={100} autoComplete="name" aria-invalid={!!nameError || undefined} onChange={(e) => set('name', e.target.value)} />
      </Field>
      <Field label="Location" htmlFor="profile-location" optional>
        <Input id="profile-location" value={draft.location} maxLength={200} placeholder="City, country" onChange={(e) => set('location', e.target.value)} />
      </Field>
      <Field label="Bio" htmlFor="profile-bio" optional className="sm:col-span-2" hint={`${draft.bio.length}/2000 characters`}>
        <Textarea
          id="profile-bio"
          value={draft.bio}
          maxLength={2000}
          rows={4}
          placeholder="What do you work on, and what do you love to teach?"
          onChange={(e) => set('bio', e.target.value)}
        />
      </Field>
      <Field label="Time zone" htmlFor="profile-time-zone" hint="Your availability is read in this time zone.">
        <TimeZoneSelect id="profile-time-zone" value={draft.timeZone} onChange={(timeZone) => set('timeZone', timeZone)} />
      </Field>
    </div>
  );
};
