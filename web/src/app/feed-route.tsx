// The feed is drawn by the feed feature; its 'Send feedback' button (spec 001 §2.3) belongs to the
// feedback feature, so the app composes the two.
import { feedFirstReads } from '@/features/feed/api/posts-api';
import { FeedPage } from '@/features/feed/routes/feed-page';
import { FeedbackButton } from '@/features/feedback/components/feedback-button';

export const FeedRoute = () => <FeedPage feedback={<FeedbackButton label="Send feedback" />} />;

export const firstReads = feedFirstReads;
