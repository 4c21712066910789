// The fields of a skill one teaches (name, description, category, level, points per hour), shared by the
// profile's 'Add a skill' dialog and the search page's 'Create New Skill' modal. Each caller owns its form
// and schema (the lists and limits differ) and hands in what react-hook-form's register returns.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, Input, Select, Textarea } from './input';

type SkillField = 'name' | 'description' | 'category' | 'experienceLevel' | 'pointsPerHour';

export interface SkillFieldsProps {
  /** Prefix of the controls' ids, so two forms on one page never share one. */
  idPrefix: string;
  registered: Record<SkillField, UseFormRegisterReturn>;
  errors: Partial<Record<'name' | 'description' | 'pointsPerHour', string | undefined>>;
  categories: readonly string[];
  levels: readonly string[];
  levelLabel: string;
  nameMax: number;
  descriptionMax: number;
  pointsMin: number;
  pointsMax: number;
  pointsHint: string;
  namePlaceholder?: string;
}

const levelName = (level: string) => `${level[0]?.toUpperCase() ?? ''}${level.slice(1)}`;

export const SkillFields = ({
  idPrefix,
  registered,
  errors,
  categories,
  levels,
  levelLabel,
  nameMax,
  descriptionMax,
  pointsMin,
  pointsMax,
  pointsHint,
  namePlaceholder,
}: SkillFieldsProps) => (
  <>
    <Field label="Skill name" htmlFor={`${idPrefix}-name`} error={errors.name}>
      <Input id={`${idPrefix}-name`} maxLength={nameMax} placeholder={namePlaceholder} aria-invalid={!!errors.name || undefined} {...registered.name} autoFocus />
    </Field>
    <Field label="Description" htmlFor={`${idPrefix}-description`} error={errors.description}>
      <Textarea
        id={`${idPrefix}-description`}
        maxLength={descriptionMax}
        rows={3}
        placeholder="What will a learner be able to do after a session with you?"
        aria-invalid={!!errors.description || undefined}
        {...registered.description}
      />
    </Field>
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Category" htmlFor={`${idPrefix}-category`}>
        <Select id={`${idPrefix}-category`} {...registered.category}>
          {categories.map((category) => (
            <option key={category}>{category}</option>
          ))}
        </Select>
      </Field>
      <Field label={levelLabel} htmlFor={`${idPrefix}-level`}>
        <Select id={`${idPrefix}-level`} {...registered.experienceLevel}>
          {levels.map((level) => (
            <option key={level} value={level}>
              {levelName(level)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Points per hour" htmlFor={`${idPrefix}-points`} error={errors.pointsPerHour} hint={pointsHint} className="sm:col-span-2">
        <Input
          id={`${idPrefix}-points`}
          type="number"
          inputMode="numeric"
          min={pointsMin}
          max={pointsMax}
          step={1}
          className="sm:w-32"
          aria-invalid={!!errors.pointsPerHour || undefined}
          {...registered.pointsPerHour}
        />
      </Field>
    </div>
  </>
);
