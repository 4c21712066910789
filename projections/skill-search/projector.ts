// The skill-search read model (spec 001 §2.2, DESIGN.md §11): one row per skill a member teaches, with
// the mentor's name, picture and rating copied in (the cards); who likes each skill (so a like is a change
// of its skill like any other); and the log position of each skill's last change, which the search's
// in-memory copy follows (decision 178). A mentor's rating is recomputed from the ratings this model keeps
// itself, so it does not depend on another read model having caught up. Applied event by event in the
// runtime's transaction: a renamed or newly rated mentor rewrites all their skills.
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { MemberEvent } from '../../domain/member/events.js';
import type { SkillCatalogued } from '../../domain/skill-catalogue/events.js';
import type { SessionRated } from '../../domain/session/events.js';
import type { SkillLikeEvent } from '../../domain/skill-like/events.js';
import { defineCustomProjection, type CustomContext, type Recorded } from '../runtime/define-projection.js';
import type { Projector } from '../types.js';
import { searchKey, typoWordsOf } from './search-words.js';
import { skillSearchTables, skillSearchTextIndexes, typoVector, type SkillSearchPersonRow, type SkillSearchRow } from './tables.js';

type SearchEvent =
  | Extract<
      MemberEvent,
      { type: 'MemberRegistered' | 'ProfileDetailsChanged' | 'ProfilePictureChanged' | 'SkillTaughtAdded' | 'SkillTaughtUpdated' | 'SkillTaughtRemoved' }
    >
  | SessionRated
  | SkillCatalogued
  | SkillLikeEvent;

type Ctx = CustomContext<typeof skillSearchTables>;

/** Average stars in tenths, rounded as profiles show them (4.66 shows as 4.7). */
export const ratingTenths = (sum: number, count: number): number => (count === 0 ? 0 : Math.round((sum / count) * 10));

/** A skill's row as its mentor is now. */
const skillRow = (skill: Omit<SkillSearchRow, 'name_key'>): SkillSearchRow => ({ ...skill, name_key: searchKey(skill.name) });

/** Notes that the skills changed at this event, for the word index (search-index.ts). */
const noteChanged = (ctx: Ctx, skillIds: readonly string[], event: Recorded<SearchEvent>) =>
  ctx.write(
    'skill_search_changes',
    skillIds.map((skill_id) => ({ skill_id, position: event.globalPosition })),
  );

const writeSkills = async (ctx: Ctx, skills: readonly SkillSearchRow[], event: Recorded<SearchEvent>) => {
  await ctx.write('skill_search', skills);
  await noteChanged(
    ctx,
    skills.map((s) => s.skill_id),
    event,
  );
};

const person = async ({ read }: Ctx, memberId: string): Promise<SkillSearchPersonRow> =>
  (await read('skill_search_people', [memberId])).get(memberId) ?? {
    member_id: memberId,
    name: '',
    name_key: '',
    image_url: null,
    rating_tenths: 0,
    review_count: 0,
    typo_words: '',
  };

/** Writes the mentor's row and rewrites their skills with it. */
const rewriteMentor = async (ctx: Ctx, mentor: SkillSearchPersonRow, event: Recorded<SearchEvent>) => {
  await ctx.write('skill_search_people', [{ ...mentor, name_key: searchKey(mentor.name), typo_words: typoWordsOf(mentor.name) }]);
  const skills = await ctx.db.selectFrom('skill_search').selectAll().where('mentor_id', '=', mentor.member_id).execute();
  if (skills.length === 0) return;
  await writeSkills(
    ctx,
    skills.map((s) =>
      skillRow({ ...s, mentor_name: mentor.name, mentor_image_url: mentor.image_url, rating_tenths: mentor.rating_tenths, review_count: mentor.review_count }),
    ),
    event,
  );
};

const applyEvent = async (ctx: Ctx, event: Recorded<SearchEvent>) => {
  switch (event.type) {
    case 'MemberRegistered': {
      const d = event.data;
      await rewriteMentor(ctx, { ...(await person(ctx, d.memberId)), name: d.name }, event);
      return;
    }
    case 'ProfileDetailsChanged':
      if (event.data.name !== undefined) await rewriteMentor(ctx, { ...(await person(ctx, event.data.memberId)), name: event.data.name }, event);
      return;
    case 'ProfilePictureChanged':
      // The avatar size where there is one (cards and suggestions draw avatars, decision 169).
      await rewriteMentor(ctx, { ...(await person(ctx, event.data.memberId)), image_url: event.data.avatarUrl ?? event.data.imageUrl }, event);
      return;
    case 'SkillTaughtAdded':
    case 'SkillTaughtUpdated': {
      const { memberId, skill } = event.data;
      const mentor = await person(ctx, memberId);
      // A name nobody catalogued is suggested for '#' too; a catalogue entry keeps its place.
      await ctx.db
        .insertInto('skill_search_names')
        .values({
          name_key: searchKey(skill.name),
          skill_id: skill.id,
          name: skill.name,
          category: skill.category,
          source: 'taught',
          typo_words: typoWordsOf(skill.name),
        })
        .onConflict((oc) => oc.column('name_key').doNothing())
        .execute();
      await writeSkills(
        ctx,
        [
          skillRow({
            skill_id: skill.id,
            mentor_id: memberId,
            mentor_name: mentor.name,
            mentor_image_url: mentor.image_url,
            name: skill.name,
            description: skill.description,
            category: skill.category,
            experience_level: skill.experienceLevel,
            points_per_hour: skill.pointsPerHour,
            rating_tenths: mentor.rating_tenths,
            review_count: mentor.review_count,
          }),
        ],
        event,
      );
      return;
    }
    case 'SkillTaughtRemoved':
      await ctx.db.deleteFrom('skill_search').where('skill_id', '=', event.data.skillId).execute();
      await noteChanged(ctx, [event.data.skillId], event);
      return;
    case 'SessionRated': {
      const { sessionId, instructorId, stars } = event.data;
      await ctx.write('skill_search_ratings', [{ session_id: sessionId, instructor_id: instructorId, stars }]);
      const totals = await ctx.db
        .selectFrom('skill_search_ratings')
        .select([sql<number>`coalesce(sum(stars), 0)::int`.as('sum'), sql<number>`count(*)::int`.as('count')])
        .where('instructor_id', '=', instructorId)
        .executeTakeFirstOrThrow();
      const mentor = await person(ctx, instructorId);
      await rewriteMentor(ctx, { ...mentor, rating_tenths: ratingTenths(Number(totals.sum), Number(totals.count)), review_count: Number(totals.count) }, event);
      return;
    }
    case 'SkillLiked':
      await ctx.write('skill_search_likes', [{ skill_id: event.data.skillId, member_id: event.data.memberId }]);
      await noteChanged(ctx, [event.data.skillId], event);
      return;
    case 'SkillUnliked':
      await ctx.db.deleteFrom('skill_search_likes').where('skill_id', '=', event.data.skillId).where('member_id', '=', event.data.memberId).execute();
      await noteChanged(ctx, [event.data.skillId], event);
      return;
    case 'SkillCatalogued': {
      const { skillId, name, category } = event.data;
      await ctx.write('skill_search_names', [{ name_key: searchKey(name), skill_id: skillId, name, category, source: 'catalogue', typo_words: typoWordsOf(name) }]);
      return;
    }
  }
};

const declared = defineCustomProjection({
  name: 'skill-search',
  version: 4,
  migration: '20261125T1900-create-skill-search',
  tables: skillSearchTables,
  canHandle: [
    'MemberRegistered',
    'ProfileDetailsChanged',
    'ProfilePictureChanged',
    'SkillTaughtAdded',
    'SkillTaughtUpdated',
    'SkillTaughtRemoved',
    'SessionRated',
    'SkillCatalogued',
    'SkillLiked',
    'SkillUnliked',
  ],
  async apply(ctx, events: readonly Recorded<SearchEvent>[]) {
    for (const event of events) await applyEvent(ctx, event);
    // Nobody's screen holds search results to refresh: a search is asked for as one types.
    return [];
  },
});

/** Adds pg_trgm (PGlite ships it) and the text indexes to the tables' migration. */
const withTextIndexes = (projector: Projector): Projector => ({
  ...projector,
  migrations: projector.migrations.map((migration) => ({
    ...migration,
    async up(db: Kysely<unknown>) {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await migration.up(db);
      for (const index of skillSearchTextIndexes) {
        const column = index.kind === 'trigram' ? sql`${sql.ref(index.column)} gin_trgm_ops` : sql`(${typoVector(sql.ref(index.column))})`;
        // Without fastupdate: GIN's pending list of recent inserts is read in full by every search until a
        // vacuum empties it (4 ms of a 5 ms search after 50,000 inserts); a search reads, a skill is rarely written.
        const create = db.schema.createIndex(index.name).on(index.table).using('gin').expression(column).compile();
        await db.executeQuery(CompiledQuery.raw(`${create.sql} with (fastupdate = off)`, [...create.parameters]));
      }
    },
  })),
});

export const skillSearchProjector = withTextIndexes(declared);
