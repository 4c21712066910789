import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Pencil, Star, X } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { profileFieldsSchema } from '@contracts/members';
import type { CurrentUser, SkillTaught } from '@contracts/members';
import { errorText } from '@/lib/http';
import { toast } from '@/lib/toast-store';
import { Button } from '@/ui/button';
import { useUpdateProfile } from '../api/update-profile';
import { changedFields, draftFrom, skillsWith } from '../profile-rules';
import type { ProfileDraft, SkillDraft } from '../profile-rules';
import { AddSkillDialog } from './add-skill-dialog';
import { AvailabilitySection } from './availability-section';
import { ProfileDetailsForm } from './profile-details-form';
import { ProfileHeader } from './profile-header';
import { ProfilePicturePicker } from './profile-picture-picker';
import { SkillsTaughtSection } from './skills-taught-section';
import { SkillsToLearnSection } from './skills-to-learn-section';

const draftSchema = profileFieldsSchema.pick({ name: true, location: true, bio: true, timeZone: true, skillsToLearn: true, availability: true });

export const OwnProfile = ({ user }: { user: CurrentUser }) => {
  const update = useUpdateProfile(user.id);
  // The draft lives only in edit mode; view mode always shows the saved (and live) profile.
  const [editing, setEditing] = useState(false);
  const form = useForm<ProfileDraft>({ resolver: zodResolver(draftSchema), defaultValues: draftFrom(user) });
  const [skillsToLearn, availability, timeZone] = useWatch({ control: form.control, name: ['skillsToLearn', 'availability', 'timeZone'] });
  const [saveError, setSaveError] = useState<string | null>(null);
  const [addingSkill, setAddingSkill] = useState(false);
  const [removingId, setRemovingId] = useState<string | null>(null);
  const draft = editing ? { skillsToLearn, availability, timeZone } : null;

  const startEditing = () => {
    form.reset(draftFrom(user));
    setSaveError(null);
    setEditing(true);
  };
  const cancel = () => setEditing(false);

  const save = form.handleSubmit((values) => {
    const changes = changedFields(draftFrom(user), values);
    if (Object.keys(changes).length === 0) {
      setEditing(false);
      return;
    }
    update.mutate(changes, {
      onSuccess: () => {
        setEditing(false);
        setSaveError(null);
        toast.success('Profile updated');
      },
      onError: (error) => setSaveError(errorText(error, 'Failed to update your profile. Please try again.')),
    });
  });

  const addSkill = (skill: SkillDraft) =>
    update.mutateAsync({ skillsToTeach: skillsWith(user.skillsToTeach, skill) }).then(
      () => {
        toast.success('Skill added successfully!');
      },
      (error: unknown) => {
        toast.error('Failed to add skill. Please try again.', errorText(error, '') || undefined);
        throw error;
      },
    );

  const removeSkill = (skill: SkillTaught) => {
    setRemovingId(skill.id);
    update.mutate(
      { skillsToTeach: user.skillsToTeach.filter((s) => s.id !== skill.id) },
      {
        onSuccess: () => toast.success('Skill removed', `${skill.name} is no longer listed.`),
        onError: (error) => toast.error('Failed to remove skill. Please try again.', errorText(error, '') || undefined),
        onSettled: () => setRemovingId(null),
      },
    );
  };

  const actions = editing ? (
    <>
      <Button variant="outline" onClick={cancel} disabled={update.isPending}>
        <X className="h-4 w-4" /> Cancel
      </Button>
      <Button onClick={() => void save()} loading={update.isPending && !removingId} data-testid="save-profile">
        <Check className="h-4 w-4" /> Save changes
      </Button>
    </>
  ) : (
    <Button variant="outline" onClick={startEditing} data-testid="edit-profile">
      <Pencil className="h-4 w-4" /> Edit profile
    </Button>
  );

  return (
    <div className="space-y-6">
      <FormProvider {...form}>
        <ProfileHeader
          user={user}
          actions={actions}
          editor={editing ? <ProfileDetailsForm /> : undefined}
          avatarAction={<ProfilePicturePicker userId={user.id} />}
          reviewsLink={
            <Link to={`/reviews/${encodeURIComponent(user.id)}`} className="inline-flex items-center gap-1 font-medium text-brand-600 hover:text-brand-700">
              <Star className="h-4 w-4" /> See my reviews
            </Link>
          }
        />
      </FormProvider>
      {saveError && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700" data-testid="profile-save-error">
          {saveError}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <SkillsTaughtSection
            skills={user.skillsToTeach}
            onAdd={() => setAddingSkill(true)}
            onRemove={editing ? removeSkill : undefined}
            removingId={removingId}
            emptyText="Add a skill you can teach so members can book sessions with you and you can earn points."
          />
          <SkillsToLearnSection
            skills={draft?.skillsToLearn ?? user.skillsToLearn}
            emptyText="Edit your profile to list the skills you would like to learn."
            onChange={draft ? (next) => form.setValue('skillsToLearn', next, { shouldDirty: true }) : undefined}
          />
        </div>
        <AvailabilitySection
          availability={draft?.availability ?? user.availability}
          timeZone={draft?.timeZone ?? user.timeZone}
          emptyText="Edit your profile to add the times when members can book you."
          onChange={draft ? (next) => form.setValue('availability', next, { shouldDirty: true }) : undefined}
        />
      </div>
      <AddSkillDialog open={addingSkill} onOpenChange={setAddingSkill} onAdd={addSkill} />
    </div>
  );
};
