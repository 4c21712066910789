import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { BIO_MAX, LOCATION_MAX, NAME_MAX } from '@contracts/members';
import { Field, Input, Textarea } from '@/ui/input';
import type { ProfileDraft } from '../profile-rules';
import { TimeZoneSelect } from './time-zone-select';

/** The name, location, bio and time zone of the profile being edited (OwnProfile holds the form). */
export const ProfileDetailsForm = () => {
  const { register, control, formState } = useFormContext<ProfileDraft>();
  const bio = useWatch({ control, name: 'bio' });
  const nameError = formState.errors.name?.message;
  return (
    <div className="mt-5 grid gap-4 sm:grid-cols-2" data-testid="profile-details-form">
      <Field label="Name" htmlFor="profile-name" error={nameError}>
        <Input id="profile-name" maxLength={NAME_MAX} autoComplete="name" aria-invalid={!!nameError || undefined} {...register('name')} />
      </Field>
      <Field label="Location" htmlFor="profile-location" optional>
        <Input id="profile-location" maxLength={LOCATION_MAX} placeholder="City, country" {...register('location')} />
      </Field>
      <Field label="Bio" htmlFor="profile-bio" optional className="sm:col-span-2" hint={`${bio.length}/${BIO_MAX} characters`}>
        <Textarea id="profile-bio" maxLength={BIO_MAX} rows={4} placeholder="What do you work on, and what do you love to teach?" {...register('bio')} />
      </Field>
      <Field label="Time zone" htmlFor="profile-time-zone" hint="Your availability is read in this time zone.">
        <Controller control={control} name="timeZone" render={({ field }) => <TimeZoneSelect id="profile-time-zone" value={field.value} onChange={field.onChange} />} />
      </Field>
    </div>
  );
};
