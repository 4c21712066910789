// The category dropdown (All Categories and the four) and the sort, recent or popular (spec 001 §2.3).
import { Select } from '@/ui/input';
import type { FeedSort } from '../api/keys';
import { POST_CATEGORIES } from '../feed-constants';
import { categoryLabel } from '../feed-rules';
import { useFeedUi } from '../feed-store';

export const FeedFilters = () => {
  const filter = useFeedUi((s) => s.filter);
  const setCategory = useFeedUi((s) => s.setCategory);
  const setSort = useFeedUi((s) => s.setSort);
  return (
    <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end" role="group" aria-label="Filter and sort posts">
      <Select aria-label="Category" value={filter.category ?? ''} onChange={(e) => setCategory(e.target.value || null)} className="sm:w-48" data-testid="filter-category">
        <option value="">All Categories</option>
        {POST_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {categoryLabel(category)}
          </option>
        ))}
      </Select>
      <Select aria-label="Sort posts" value={filter.sort} onChange={(e) => setSort(e.target.value as FeedSort)} className="sm:w-44" data-testid="sort-posts">
        <option value="recent">Most recent</option>
        <option value="popular">Most popular</option>
      </Select>
    </div>
  );
};
