// The skill catalogue's table: one row per catalogued skill name (spec 001 §3 Skill).
import { defineTable, text, timestamptz, type DatabaseOf, type RowOfTable } from '../runtime/table.js';

export const skillCatalogueTable = defineTable({
  name: 'skill_catalogue',
  key: ['id'],
  columns: {
    id: text(),
    name: text(),
    /** skillNameKey(name): trimmed, spaces collapsed, lower case; '#' suggestions match its prefix. */
    name_key: text(),
    category: text(),
    description: text(),
    created_by: text().nullable(),
    /** 'tag' (a #tag of the feed) or 'member' (POST /api/skills). */
    source: text(),
    post_id: text().nullable(),
    created_at: timestamptz(),
  },
  // A prefix is a range of keys ('ru' <= key < 'ru' || U+10FFFF), which this index serves.
  indexes: { skill_catalogue_name_key_idx: ['name_key'] },
});

export type SkillCatalogueRow = RowOfTable<typeof skillCatalogueTable>;
export type SkillCatalogueDb = DatabaseOf<{ skill_catalogue: typeof skillCatalogueTable }>;
