// 50,000 skills taught by 5,000 mentors, written straight into the skill-search read model's tables (as
// bench/feed-seed.ts does for the feed): the bench measures the search, not the projection. Names, mentors
// and descriptions come from small word lists, so a query matches as many rows as a real catalogue's would
// (one base skill in about 40), and a quarter of the mentors have no rating yet. The word index, its
// vocabulary and typo forms are filled from the skills by SQL, as the projector would write them.
import pg from 'pg';
import { TYPO_MIN_LENGTH } from '../projections/skill-search/search-words.js';

export const SKILL_SEARCH_SIZE = { skills: 50_000, mentors: 5_000 } as const;

const BASES = [
  'Python',
  'JavaScript',
  'TypeScript',
  'Rust',
  'Golang',
  'Kotlin',
  'Swift',
  'React',
  'Vue',
  'Angular',
  'SQL',
  'PostgreSQL',
  'Docker',
  'Kubernetes',
  'Figma',
  'Photoshop',
  'Illustrator',
  'Typography',
  'Branding',
  'SEO',
  'Copywriting',
  'Public Speaking',
  'Negotiation',
  'Excel',
  'Data Analysis',
  'Machine Learning',
  'Statistics',
  'Guitar',
  'Piano',
  'Spanish',
  'French',
  'German',
  'Photography',
  'Video Editing',
  'Marketing Strategy',
  'Sales',
  'Accounting',
  'Project Management',
  'Yoga',
  'Cooking',
];
const QUALIFIERS = ['Basics', 'Advanced', 'for Beginners', 'Deep Dive', 'Masterclass', 'Workshop', 'Fundamentals', 'in Practice'];
const TOPICS = ['testing', 'performance', 'design patterns', 'deployment', 'debugging', 'best practices', 'real projects', 'interviews'];
const FIRST = ['Ada', 'Grace', 'Linus', 'Margaret', 'Alan', 'Barbara', 'Dennis', 'Frances', 'Ken', 'Radia', 'Tim', 'Hedy'];
const LAST = ['Hopper', 'Lovelace', 'Torvalds', 'Hamilton', 'Turing', 'Liskov', 'Ritchie', 'Allen', 'Thompson', 'Perlman', 'Berners', 'Lamarr'];
const CATEGORIES = ['Development', 'Design', 'Business', 'Digital Marketing'];
const LEVELS = ['beginner', 'intermediate', 'advanced', 'expert'];
const BATCH = 2_500;

const mentorName = (m: number) => `${FIRST[m % FIRST.length]} ${LAST[Math.floor(m / FIRST.length) % LAST.length]} ${m}`;
/** A quarter unrated, the rest 3.0 to 5.0. */
const mentorRating = (m: number) => (Math.floor(m / 7) % 4 === 0 ? 0 : 30 + ((m * 13) % 21));

export const seedSkillSearch = async (databaseUrl: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let start = 0; start < SKILL_SEARCH_SIZE.skills; start += BATCH) {
      const rows = Array.from({ length: BATCH }, (_, k) => {
        const i = start + k;
        // Mentors (and so ratings) independent of the skill: every base skill has rated and unrated mentors.
        const m = (i * 7919) % SKILL_SEARCH_SIZE.mentors;
        const name = `${BASES[i % BASES.length]} ${QUALIFIERS[Math.floor(i / BASES.length) % QUALIFIERS.length]}`;
        const mentor = mentorName(m);
        const category = CATEGORIES[i % CATEGORIES.length]!;
        const description = `Learn ${name} with hands-on exercises covering ${TOPICS[i % TOPICS.length]} and ${TOPICS[(i + 3) % TOPICS.length]}, session plan ${i}.`;
        return { i, m, name, mentor, category, description };
      });
      await client.query(
        `insert into skill_search (skill_id, mentor_id, mentor_name, mentor_image_url, name, name_key, description, category, experience_level,
                                   points_per_hour, rating_tenths, review_count)
         select 'bench-skill-' || i, 'bench-mentor-' || m, mentor, null, name, lower(name), description, category, level,
                1 + i % 10, rating, case when rating = 0 then 0 else 1 + i % 30 end
         from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[])
           as t(i, m, mentor, name, description, category, level, rating)`,
        [
          rows.map((r) => r.i),
          rows.map((r) => r.m),
          rows.map((r) => r.mentor),
          rows.map((r) => r.name),
          rows.map((r) => r.description),
          rows.map((r) => r.category),
          rows.map((r) => LEVELS[r.i % LEVELS.length]),
          rows.map((r) => mentorRating(r.m)),
        ],
      );
    }
    // wordsOf in SQL (the texts are ASCII here): the distinct words of each skill's four texts.
    await client.query(`
      insert into skill_search_words (skill_id, word, rating_tenths, review_count, name_key, category, experience_level)
      select distinct s.skill_id, w.word, s.rating_tenths, s.review_count, s.name_key, s.category, s.experience_level
      from skill_search s,
        regexp_split_to_table(lower(s.name || ' ' || s.mentor_name || ' ' || s.category || ' ' || s.description), '[^[:alnum:]]+') w(word)
      where w.word <> ''`);
    await client.query('insert into skill_search_vocabulary (word) select distinct word from skill_search_words');
    // typoForms in SQL: the word, and from TYPO_MIN_LENGTH letters each form with one letter left out.
    await client.query(
      `insert into skill_search_word_forms (form, word)
       select word, word from skill_search_vocabulary
       union
       select left(word, i - 1) || substr(word, i + 1), word
       from skill_search_vocabulary, generate_series(1, char_length(word)) i where char_length(word) >= $1`,
      [TYPO_MIN_LENGTH],
    );
    // A settled database: the statistics, and the visibility map that lets the word index be read alone.
    await client.query('vacuum (analyze) skill_search, skill_search_words, skill_search_vocabulary, skill_search_word_forms');
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
};
