import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  DEFAULT_EXPERIENCE_LEVEL,
  DEFAULT_SKILL_CATEGORY,
  experienceLevels,
  MAX_POINTS_PER_HOUR,
  MIN_POINTS_PER_HOUR,
  SKILL_DESCRIPTION_MAX,
  SKILL_NAME_MAX,
  skillCategories,
  skillTaughtInputSchema,
} from '@contracts/members';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { Form } from '@/ui/form';
import { SkillFields } from '@/ui/skill-fields';
import type { SkillDraft } from '../profile-rules';

export interface AddSkillDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Resolves when the skill is saved; a rejection keeps the dialog open with the draft intact. */
  onAdd: (draft: SkillDraft) => Promise<void>;
}

// A new skill has no id yet: the server gives it one.
const newSkillSchema = skillTaughtInputSchema.omit({ id: true });
const empty = { name: '', description: '', category: DEFAULT_SKILL_CATEGORY, experienceLevel: DEFAULT_EXPERIENCE_LEVEL, pointsPerHour: MIN_POINTS_PER_HOUR };

export const AddSkillDialog = ({ open, onOpenChange, onAdd }: AddSkillDialogProps) => {
  const form = useForm({ resolver: zodResolver(newSkillSchema), defaultValues: empty });
  const { reset } = form;
  const saving = form.formState.isSubmitting;

  const close = (next: boolean) => {
    if (saving) return;
    if (!next) reset(empty);
    onOpenChange(next);
  };

  const submit = async (draft: SkillDraft) => {
    try {
      await onAdd(draft);
      reset(empty);
      onOpenChange(false);
    } catch {
      // The caller has already told the member what went wrong.
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Add a skill you can teach"
      description="Members will find it in search and can book sessions with you."
      footer={
        <>
          <Button variant="outline" onClick={() => close(false)} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form="add-skill-form" loading={saving}>
            Add skill
          </Button>
        </>
      }
    >
      <Form id="add-skill-form" form={form} onSubmit={submit} className="space-y-4">
        <SkillFields
          idPrefix="skill"
          categories={skillCategories}
          levels={experienceLevels}
          levelLabel="Experience level"
          nameMax={SKILL_NAME_MAX}
          descriptionMax={SKILL_DESCRIPTION_MAX}
          pointsMin={MIN_POINTS_PER_HOUR}
          pointsMax={MAX_POINTS_PER_HOUR}
          pointsHint={`A whole number from ${MIN_POINTS_PER_HOUR} to ${MAX_POINTS_PER_HOUR}; 1 point is one hour at the standard rate.`}
          namePlaceholder="e.g. React performance tuning"
        />
      </Form>
    </Dialog>
  );
};
