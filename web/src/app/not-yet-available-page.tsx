import { BookOpen, Lightbulb } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { buttonClasses } from '@/ui/button';
import { Card } from '@/ui/card';

// Pages that later issues build (the admin pages have their own chunk, web/src/features/admin). They already
// sit behind their real guards, so the route table and access rules are final; only the content is a placeholder.
const features = {
  'coming-soon': { title: 'Coming Soon', icon: Lightbulb, text: 'Vote on and discuss the features we build next.' },
} satisfies Record<string, { title: string; icon: LucideIcon; text: string }>;

export type LaterFeature = keyof typeof features;

export const notYetAvailable = (feature: LaterFeature) => {
  const { title, icon: Icon, text } = features[feature];
  const NotYetAvailablePage = () => {
    useDocumentTitle(title);
    return (
      <div className="mx-auto max-w-2xl">
        <Card className="flex flex-col items-center px-6 py-14 text-center" data-testid="not-yet-available">
          <div className="mb-5 rounded-2xl bg-brand-50 p-4 text-brand-600">
            <Icon className="h-8 w-8" />
          </div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-2 max-w-md text-slate-500">{text}</p>
          <p className="mt-6 inline-flex items-center gap-2 rounded-full bg-amber-50 px-3 py-1 text-sm font-medium text-amber-800 ring-1 ring-amber-200">
            <BookOpen className="h-4 w-4" /> Not yet available
          </p>
          <Link to="/profile" className={buttonClasses('outline', 'md', 'mt-8')}>
            Meanwhile, complete your profile
          </Link>
        </Card>
      </div>
    );
  };
  return NotYetAvailablePage;
};
