import { Controller, useFormContext } from 'react-hook-form';
import { BIO_MAX, LOCATION_MAX, NAME_MAX } from '@contracts/members';
import { Field } from '@/ui/form';
import { Input, Textarea } from '@/ui/input';
import type { ProfileDraft } from '../profile-rules';
import { TimeZoneSelect } from './time-zone-select';

/** The name, location, bio and time zone of the profile being edited (OwnProfile holds the form). */
export const ProfileDetailsForm = () => {
  const { control } = useFormContext<ProfileDraft>();
  return (
    <div className="mt-5 grid gap-4 sm:grid-cols-2" data-testid="profile-details-form">
      <Field name="name" label="Name" id="profile-name">
        {(field) => <Input {...field} maxLength={NAME_MAX} autoComplete="name" />}
      </Field>
      <Field name="location" label="Location" id="profile-location" optional>
        {(field) => <Input {...field} maxLength={LOCATION_MAX} placeholder="City, country" />}
      </Field>
      <Field name="bio" label="Bio" id="profile-bio" optional className="sm:col-span-2" max={BIO_MAX}>
        {(field) => <Textarea {...field} rows={4} placeholder="What do you work on, and what do you love to teach?" />}
      </Field>
      <Field name="timeZone" label="Time zone" id="profile-time-zone" description="Your availability is read in this time zone.">
        {({ id }) => <Controller control={control} name="timeZone" render={({ field }) => <TimeZoneSelect id={id} value={field.value} onChange={field.onChange} />} />}
      </Field>
    </div>
  );
};
