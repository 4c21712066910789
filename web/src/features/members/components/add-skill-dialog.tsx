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
import { Field, Input, Select, Textarea } from '@/ui/input';
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
  const { register, handleSubmit, reset, formState } = useForm({ resolver: zodResolver(newSkillSchema), defaultValues: empty });
  const { errors, isSubmitting: saving } = formState;

  const close = (next: boolean) => {
    if (saving) return;
    if (!next) reset(empty);
    onOpenChange(next);
  };

  const submit = handleSubmit(async (draft) => {
    try {
      await onAdd(draft);
      reset(empty);
      onOpenChange(false);
    } catch {
      // The caller has already told the member what went wrong.
    }
  });

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
      <form id="add-skill-form" onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <Field label="Skill name" htmlFor="skill-name" error={errors.name?.message}>
          <Input
            id="skill-name"
            maxLength={SKILL_NAME_MAX}
            placeholder="e.g. React performance tuning"
            aria-invalid={!!errors.name || undefined}
            {...register('name')}
            autoFocus
          />
        </Field>
        <Field label="Description" htmlFor="skill-description" error={errors.description?.message}>
          <Textarea
            id="skill-description"
            maxLength={SKILL_DESCRIPTION_MAX}
            rows={3}
            placeholder="What will a learner be able to do after a session with you?"
            aria-invalid={!!errors.description || undefined}
            {...register('description')}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Category" htmlFor="skill-category">
            <Select id="skill-category" {...register('category')}>
              {skillCategories.map((category) => (
                <option key={category}>{category}</option>
              ))}
            </Select>
          </Field>
          <Field label="Experience level" htmlFor="skill-level">
            <Select id="skill-level" {...register('experienceLevel')}>
              {experienceLevels.map((level) => (
                <option key={level} value={level}>
                  {level[0]?.toUpperCase()}
                  {level.slice(1)}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            label="Points per hour"
            htmlFor="skill-points"
            error={errors.pointsPerHour?.message}
            hint={`A whole number from ${MIN_POINTS_PER_HOUR} to ${MAX_POINTS_PER_HOUR}; 1 point is one hour at the standard rate.`}
            className="sm:col-span-2"
          >
            <Input
              id="skill-points"
              type="number"
              inputMode="numeric"
              min={MIN_POINTS_PER_HOUR}
              max={MAX_POINTS_PER_HOUR}
              step={1}
              className="sm:w-32"
              aria-invalid={!!errors.pointsPerHour || undefined}
              {...register('pointsPerHour', { valueAsNumber: true })}
            />
          </Field>
        </div>
      </form>
    </Dialog>
  );
};
