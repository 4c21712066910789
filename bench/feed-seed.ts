// The community at the size issue 20 measures it: 2,000 members, 100,000 posts and 1,000,000 comments,
// written straight into the read models' tables by set-wise SQL. The benches measure reads and live
// delivery, not projection; appending 1.1 million events first would take most of the bench's time and
// measure nothing the rebuild bench does not already.
import pg from 'pg';

export const FEED_SIZE = { members: 2_000, posts: 100_000, comments: 1_000_000 } as const;

const CATEGORIES = ['business', 'marketing', 'design', 'development'];
const URGENCIES = ['high', 'medium', 'low'];

const arrayLiteral = (values: readonly string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

/** Seeds the read models of the server at `databaseUrl`, whose projectors created the tables already. */
export const seedFeed = async (databaseUrl: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`
      insert into members (id, email, email_normalized, name, bio, location, time_zone, profile_image_url,
                           skills_to_teach, skills_to_learn, availability, joined_at, updated_at)
      select 'bench-member-' || i, 'member' || i || '@bench.example', 'member' || i || '@bench.example',
             'Member ' || i, '', '', 'UTC', null, '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, now(), now()
      from generate_series(1, ${FEED_SIZE.members}) as i`);
    await client.query(`
      insert into feed_posts (id, author_id, content, category, urgency, skill_needed, tags, mentions, media_attachments,
                              likes_count, comment_count, popularity, created_at, updated_at, edited, deleted,
                              ai_status, ai_status_at, ai_status_message)
      select 'bench-post-' || i, 'bench-member-' || (1 + i % ${FEED_SIZE.members}),
             'Looking for help with #react state and effects, post ' || i || '. ' || repeat('Some context. ', 8),
             (${arrayLiteral(CATEGORIES)})[1 + i % 4], (${arrayLiteral(URGENCIES)})[1 + i % 3], 'react',
             '["react"]'::jsonb, '[]'::jsonb, '[]'::jsonb,
             i % 37, ${FEED_SIZE.comments / FEED_SIZE.posts}, i % 37 + ${FEED_SIZE.comments / FEED_SIZE.posts},
             now() - make_interval(mins => i), now() - make_interval(mins => i), false, i % 50 = 0, null, null, null
      from generate_series(1, ${FEED_SIZE.posts}) as i`);
    await client.query(`
      insert into feed_comments (id, post_id, author_id, content, parent_id, root_id, depth, is_offer, skill_offered,
                                 is_ai_generated, tags, mentions, likes_count, created_at, seq)
      select 'bench-comment-' || i, 'bench-post-' || (1 + i % ${FEED_SIZE.posts}), 'bench-member-' || (1 + i % ${FEED_SIZE.members}),
             'I can help with that, comment ' || i, null, 'bench-comment-' || i, 0, i % 10 = 0, null,
             false, '[]'::jsonb, '[]'::jsonb, i % 5, now() - make_interval(secs => i), i
      from generate_series(1, ${FEED_SIZE.comments}) as i`);
    // The likes the posts' counts say they have, from the seeded members: 'liked by me' probes a table of 1.8 million rows.
    await client.query(`
      insert into feed_post_likes (post_id, member_id, liked_at)
      select 'bench-post-' || i, 'bench-member-' || (1 + (i * 7 + k) % ${FEED_SIZE.members}), now()
      from generate_series(1, ${FEED_SIZE.posts}) as i, generate_series(0, 35) as k
      where k < i % 37`);
    await client.query(`
      insert into feed_counters (key, category, urgency, posts)
      select category || ':' || urgency, category, urgency, count(*) from feed_posts where not deleted group by category, urgency
      on conflict (key) do update set posts = feed_counters.posts + excluded.posts`);
    // Vacuumed now, as a settled database is: left to autovacuum, the 2.9 million new rows are vacuumed during
    // the measurement (the insert threshold), which stalled the bare route as much as the subject.
    await client.query('vacuum (analyze)');
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
};
