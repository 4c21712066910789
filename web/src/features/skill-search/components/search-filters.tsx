// The search box and the three filters (spec 001 §2.2): category, level and minimum rating (0, 4, 4.5,
// 4.8), as native selects for the keyboard and mobile pickers.
import { Search } from 'lucide-react';
import { experienceLevels, skillCategories } from '@contracts/member-lists';
import { MIN_RATING_OPTIONS, SKILL_SEARCH_QUERY_MAX } from '@contracts/skill-search-texts';
import { Input, Select } from '@/ui/input';
import { useSearchUi } from '../search-store';

const levelName = (level: string) => `${level[0]?.toUpperCase() ?? ''}${level.slice(1)}`;
const ratingName = (rating: number) => (rating === 0 ? 'Any rating' : `${rating}+ stars`);

export const SearchFilters = () => {
  const { text, category, level, minRating, setText, setCategory, setLevel, setMinRating } = useSearchUi();
  return (
    <div className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]">
      <div className="relative sm:col-span-2 lg:col-span-1">
        <label htmlFor="skill-search-text" className="sr-only">
          Search skills, descriptions or mentors
        </label>
        <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden />
        <Input
          id="skill-search-text"
          type="search"
          value={text}
          maxLength={SKILL_SEARCH_QUERY_MAX}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search skills, descriptions or mentors"
          className="pl-9"
          autoComplete="off"
        />
      </div>
      <div>
        <label htmlFor="skill-search-category" className="sr-only">
          Category
        </label>
        <Select id="skill-search-category" value={category} onChange={(event) => setCategory(event.target.value)}>
          <option value="">All categories</option>
          {skillCategories.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </Select>
      </div>
      <div>
        <label htmlFor="skill-search-level" className="sr-only">
          Level
        </label>
        <Select id="skill-search-level" value={level} onChange={(event) => setLevel(event.target.value)}>
          <option value="">All levels</option>
          {experienceLevels.map((l) => (
            <option key={l} value={l}>
              {levelName(l)}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <label htmlFor="skill-search-rating" className="sr-only">
          Minimum rating
        </label>
        <Select id="skill-search-rating" value={String(minRating)} onChange={(event) => setMinRating(Number(event.target.value))}>
          {MIN_RATING_OPTIONS.map((r) => (
            <option key={r} value={String(r)}>
              {ratingName(r)}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
};
