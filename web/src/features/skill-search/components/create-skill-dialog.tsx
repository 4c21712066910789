// The 'Create New Skill' modal of the search page (spec 001 §2.2, §5): name, description, one of the four
// categories, one of the four levels, 1 to 10 points per hour (default 1). The skill joins the member's
// skills taught, so it is found by search and booked like any other.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { CurrentUser } from '@contracts/members';
import { DEFAULT_EXPERIENCE_LEVEL, DEFAULT_SKILL_CATEGORY, experienceLevels, MIN_POINTS_PER_HOUR, SKILL_DESCRIPTION_MAX, SKILL_NAME_MAX } from '@contracts/members';
import { skillCatalogueTexts } from '@contracts/skill-catalogue';
import { CREATE_SKILL_POINTS_MAX, createSkillCategories, createTaughtSkillFormSchema, skillSearchTexts } from '@contracts/skill-search';
import type { CreateTaughtSkillFormInput } from '@contracts/skill-search';
import { errorText } from '@/lib/http';
import { toast } from '@/lib/toast-store';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { Form } from '@/ui/form';
import { SkillFields } from '@/ui/skill-fields';
import { useCreateTaughtSkill } from '../api/skill-search-api';

const empty: CreateTaughtSkillFormInput = {
  name: '',
  description: '',
  category: DEFAULT_SKILL_CATEGORY as CreateTaughtSkillFormInput['category'],
  experienceLevel: DEFAULT_EXPERIENCE_LEVEL,
  pointsPerHour: MIN_POINTS_PER_HOUR,
};

export interface CreateSkillDialogProps {
  me: CurrentUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export const CreateSkillDialog = ({ me, open, onOpenChange }: CreateSkillDialogProps) => {
  const create = useCreateTaughtSkill(me);
  const form = useForm({ resolver: zodResolver(createTaughtSkillFormSchema), defaultValues: empty });
  const { reset } = form;
  const saving = form.formState.isSubmitting;

  const close = (next: boolean) => {
    if (saving) return;
    if (!next) reset(empty);
    onOpenChange(next);
  };

  const submit = async (skill: Parameters<typeof create.mutateAsync>[0]) => {
    try {
      await create.mutateAsync(skill);
      toast.success(skillCatalogueTexts.added);
      reset(empty);
      onOpenChange(false);
    } catch (error) {
      toast.error(skillCatalogueTexts.addFailed, errorText(error, '') || undefined);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={skillSearchTexts.createSkill}
      description="Teach it: members find it here and book sessions with you."
      footer={
        <>
          <Button variant="outline" onClick={() => close(false)} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form="create-skill-form" loading={saving}>
            Create Skill
          </Button>
        </>
      }
    >
      <Form id="create-skill-form" form={form} onSubmit={submit} className="space-y-4">
        <SkillFields
          idPrefix="new-skill"
          categories={createSkillCategories}
          levels={experienceLevels}
          levelLabel="Level"
          nameMax={SKILL_NAME_MAX}
          descriptionMax={SKILL_DESCRIPTION_MAX}
          pointsMin={MIN_POINTS_PER_HOUR}
          pointsMax={CREATE_SKILL_POINTS_MAX}
          pointsHint={`A whole number from ${MIN_POINTS_PER_HOUR} to ${CREATE_SKILL_POINTS_MAX}.`}
        />
      </Form>
    </Dialog>
  );
};
