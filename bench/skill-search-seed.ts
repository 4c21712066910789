// 50,000 skills taught by 5,000 mentors, written straight into the skill-search read model's tables (as
// bench/feed-seed.ts does for the feed): the bench measures the search, not the projection. Names, mentors
// and descriptions come from small word lists, so a query matches as many rows as a real catalogue's would
// (one base skill in about 40), and a quarter of the mentors have no rating yet. Each skill's change is
// noted as the projector notes it, so the server's in-memory copy reads them (decision 178).
import pg from 'pg';

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
    // Each skill's change, as the projector notes it: the server's word index reads them (decision 178).
    // Above every position noted so far, so the copy reads them whenever it read last.
    await client.query(
      'insert into skill_search_changes (skill_id, position) select skill_id, (select coalesce(max(position), 0) + 1 from skill_search_changes) from skill_search',
    );
    await client.query('vacuum (analyze) skill_search, skill_search_changes');
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
};
