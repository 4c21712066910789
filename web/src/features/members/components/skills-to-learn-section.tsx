import { BookOpen, Plus } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { SKILL_TO_LEARN_MAX } from '@contracts/members';
import { Button } from '@/ui/button';
import { Card, CardBody, CardHeader } from '@/ui/card';
import { Chip } from '@/ui/chip';
import { Field, Form } from '@/ui/form';
import { Input } from '@/ui/input';
import { addLearnSkill } from '../profile-rules';

export interface SkillsToLearnSectionProps {
  skills: readonly string[];
  /** Present while the member edits their own profile. */
  onChange?: (skills: string[]) => void;
  emptyText?: string;
  /** 'Skills I want to learn' on one's own profile; another member's says whose they are. */
  title?: string;
}

export const SkillsToLearnSection = ({ skills, onChange, emptyText = 'Nothing listed yet.', title = 'Skills I want to learn' }: SkillsToLearnSectionProps) => {
  // Blank input and duplicates are dropped by addLearnSkill rather than refused, as the server does.
  const form = useForm({ defaultValues: { skill: '' } });
  const input = useWatch({ control: form.control, name: 'skill' });
  const add = ({ skill }: { skill: string }) => {
    if (!onChange) return;
    onChange(addLearnSkill(skills, skill));
    form.reset();
  };
  return (
    <Card>
      <CardHeader icon={<BookOpen className="h-5 w-5" />} title={title} />
      <CardBody className="space-y-4">
        {skills.length === 0 ? (
          <p className="text-sm text-slate-500">{onChange ? 'Add the skills you would like to learn.' : emptyText}</p>
        ) : (
          <ul className="flex flex-wrap gap-2" data-testid="skills-to-learn">
            {skills.map((skill) => (
              <li key={skill}>
                <Chip tone="brand" onRemove={onChange ? () => onChange(skills.filter((s) => s !== skill)) : undefined} removeLabel={`Remove ${skill}`}>
                  {skill}
                </Chip>
              </li>
            ))}
          </ul>
        )}
        {onChange && (
          <Form form={form} onSubmit={add} noValidate={false} messageSlot="none" className="flex gap-2">
            <Field name="skill" label="Skill to learn" labelHidden className="flex-1">
              {(field) => <Input {...field} placeholder="e.g. TypeScript" maxLength={SKILL_TO_LEARN_MAX} aria-label="Skill to learn" />}
            </Field>
            <Button type="submit" variant="outline" disabled={!input.trim()}>
              <Plus className="h-4 w-4" /> Add
            </Button>
          </Form>
        )}
      </CardBody>
    </Card>
  );
};
