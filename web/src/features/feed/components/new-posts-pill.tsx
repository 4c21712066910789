// Posts that arrive live wait behind this pill rather than pushing the list down (issue 20 point 8).
import { ArrowUp } from 'lucide-react';

export const NewPostsPill = ({ count, onShow }: { count: number; onShow: () => void }) =>
  count === 0 ? null : (
    <div className="pointer-events-none sticky top-20 z-20 flex justify-center">
      <button
        type="button"
        onClick={onShow}
        className="pointer-events-auto inline-flex items-center gap-1.5 rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-lg hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        data-testid="new-posts-pill"
      >
        <ArrowUp className="h-4 w-4" /> {count === 1 ? '1 new post' : `${count} new posts`}
      </button>
    </div>
  );
