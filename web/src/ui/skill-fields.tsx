// The fields of a skill one teaches (name, description, category, level, points per hour), shared by the
// profile's 'Add a skill' dialog and the search page's 'Create New Skill' modal. Each caller owns its
// ui/form Form and schema (the lists and limits differ); these fields read it from the form's context.
import { Field } from './form';
import { Input, Select, Textarea } from './input';

export interface SkillFieldsProps {
  /** Prefix of the controls' ids, so two forms on one page never share one. */
  idPrefix: string;
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
    <Field name="name" label="Skill name" id={`${idPrefix}-name`} max={nameMax}>
      {(control) => <Input {...control} placeholder={namePlaceholder} autoFocus />}
    </Field>
    <Field name="description" label="Description" id={`${idPrefix}-description`} max={descriptionMax}>
      {(control) => <Textarea {...control} rows={3} placeholder="What will a learner be able to do after a session with you?" />}
    </Field>
    <div className="grid gap-4 sm:grid-cols-2">
      <Field name="category" label="Category" id={`${idPrefix}-category`}>
        {(control) => (
          <Select {...control}>
            {categories.map((category) => (
              <option key={category}>{category}</option>
            ))}
          </Select>
        )}
      </Field>
      <Field name="experienceLevel" label={levelLabel} id={`${idPrefix}-level`}>
        {(control) => (
          <Select {...control}>
            {levels.map((level) => (
              <option key={level} value={level}>
                {levelName(level)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field name="pointsPerHour" label="Points per hour" id={`${idPrefix}-points`} description={pointsHint} rules={{ valueAsNumber: true }} className="sm:col-span-2">
        {(control) => <Input {...control} type="number" inputMode="numeric" min={pointsMin} max={pointsMax} step={1} className="sm:w-32" />}
      </Field>
    </div>
  </>
);
