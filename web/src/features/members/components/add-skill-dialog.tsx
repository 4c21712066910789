import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { Field, Input, Select, Textarea } from '@/ui/input';
import { emptySkillDraft, experienceLevels, maxPointsPerHour, minPointsPerHour, skillCategories, validateSkillDraft } from '../profile-rules';
import type { SkillDraft, SkillDraftErrors } from '../profile-rules';

export interface AddSkillDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Resolves when the skill is saved; a rejection keeps the dialog open with the draft intact. */
  onAdd: (draft: SkillDraft) => Promise<void>;
}

export const AddSkillDialog = ({ open, onOpenChange, onAdd }: AddSkillDialogProps) => {
  const [draft, setDraft] = useState(emptySkillDraft);
  const [errors, setErrors] = useState<SkillDraftErrors>({});
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof SkillDraft>(key: K, value: SkillDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const close = (next: boolean) => {
    if (saving) return;
    if (!next) {
      setDraft(emptySkillDraft());
      setErrors({});
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSkillDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await onAdd(draft);
      setDraft(emptySkillDraft());
      onOpenChange(false);
    } catch {
      // The caller has already told the member what went wrong.
    } finally {
      setSaving(false);
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
      <form id="add-skill-form" onSubmit={submit} noValidate className="space-y-4">
        <Field label="Skill name" htmlFor="skill-name" error={errors.name}>
          <Input id="skill-name" value={draft.name} maxLength={100} placeholder="e.g. React performance tuning" aria-invalid={!!errors.name || undefined} onChange={(e) => set('name', e.target.value)} autoFocus />
        </Field>
        <Field label="Description" htmlFor="skill-description" error={errors.description}>
          <Textarea
            id="skill-description"
            value={draft.description}
            maxLength={1000}
            rows={3}
            placeholder="What will a learner be able to do after a session with you?"
            aria-invalid={!!errors.description || undefined}
            onChange={(e) => set('description', e.target.value)}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Category" htmlFor="skill-category">
            <Select id="skill-category" value={draft.category} onChange={(e) => set('category', e.target.value)}>
              {skillCategories.map((category) => (
                <option key={category}>{category}</option>
              ))}
            </Select>
          </Field>
          <Field label="Experience level" htmlFor="skill-level">
            <Select id="skill-level" value={draft.experienceLevel} onChange={(e) => set('experienceLevel', e.target.value as SkillDraft['experienceLevel'])}>
              {experienceLevels.map((level) => (
                <option key={level} value={level}>
                  {level[0]?.toUpperCase()}
                  {level.slice(1)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Points per hour" htmlFor="skill-points" error={errors.pointsPerHour} hint={`A whole number from ${minPointsPerHour} to ${maxPointsPerHour}; 1 point is one hour at the standard rate.`} className="sm:col-span-2">
            <Input
              id="skill-points"
              type="number"
              inputMode="numeric"
              min={minPointsPerHour}
              max={maxPointsPerHour}
              step={1}
              className="sm:w-32"
              value={Number.isNaN(draft.pointsPerHour) ? '' : draft.pointsPerHour}
              aria-invalid={!!errors.pointsPerHour || undefined}
              onChange={(e) => set('pointsPerHour', e.target.valueAsNumber)}
            />
          </Field>
        </div>
      </form>
    </Dialog>
  );
};
