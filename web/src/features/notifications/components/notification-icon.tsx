// The icon of each notification type (document 001 §2.8 'an icon by type'), shared by the bell's list and
// the notifications page; a type without one (a new one) shows the bell.
import {
  AtSign,
  Bell,
  CalendarCheck,
  CalendarClock,
  CalendarX2,
  CheckCheck,
  Heart,
  Lightbulb,
  LayoutDashboard,
  MessageCircle,
  MessageSquareText,
  MessagesSquare,
  Repeat,
  UserPlus,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';

const icons: Record<string, LucideIcon> = {
  session_request: CalendarClock,
  session_approved: CheckCheck,
  session_confirmed: CalendarCheck,
  session_rejected: CalendarX2,
  session_cancelled: CalendarX2,
  modification_request: Repeat,
  dashboard_action: LayoutDashboard,
  thread_message: MessagesSquare,
  message: MessageCircle,
  comment: MessageSquareText,
  mention: AtSign,
  skill_like: Heart,
  post_like: Heart,
  follow: UserPlus,
  feature_status: Lightbulb,
};

export const NotificationIcon = ({ type, className }: { type: string; className?: string }) => {
  const Icon = icons[type] ?? Bell;
  return <Icon className={className} aria-hidden />;
};
