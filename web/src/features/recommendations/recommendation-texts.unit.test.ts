import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { currentUserKey } from '@/lib/current-user';
import { RecommendedSkills } from './components/recommended-skills';
import { recommendationKeys } from './api/keys';
import { emptyRecommendationsText } from './recommendation-texts';

describe("'Recommended for You' with nothing to show", () => {
  it('asks for skills to learn only when the member lists none', () => {
    expect(emptyRecommendationsText([])).toBe('Add skills you want to learn to your profile and we will match you with mentors.');
    expect(emptyRecommendationsText(['  '])).toMatch(/^Add skills you want to learn/);
    expect(emptyRecommendationsText(['Rust'])).toBe('No mentor teaches Rust yet. We will suggest mentors here as soon as one does.');
    expect(emptyRecommendationsText(['Rust', 'Go', 'Rust'])).toMatch(/^No mentor teaches Rust and Go yet\./);
    expect(emptyRecommendationsText(['A', 'B', 'C', 'D', 'E'])).toMatch(/^No mentor teaches A, B, C and 2 more yet\./);
  });

  it('renders that text for a member who lists a skill to learn', () => {
    const client = new QueryClient();
    client.setQueryData(currentUserKey, { id: 'me', skillsToLearn: ['Rust'] });
    client.setQueryData(recommendationKeys.skills('me'), []);
    const html = renderToStaticMarkup(
      createElement(QueryClientProvider, { client }, createElement(MemoryRouter, null, createElement(RecommendedSkills, { userId: 'me' }))),
    );
    expect(html).toContain('No mentor teaches Rust yet.');
    expect(html).not.toContain('Add skills you want to learn');
  });
});
