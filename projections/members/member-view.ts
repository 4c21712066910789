// What the member queries return. It is, field for field, the User shape of api/contracts/members.ts;
// it is restated here because projections must not import from api/ (the API depends on us), and
// the API's type checker confirms the two still agree wherever it returns one as the other.
import type { Availability, TaughtSkill } from '../../domain/member/events.js';

export interface MemberView {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
  profileImageUrl: string | null;
  bio: string;
  location: string;
  timeZone: string;
  rating: number;
  reviewCount: number;
  completedSwaps: number;
  /** ISO instant of registration. */
  joinedDate: string;
  /** Available points. */
  points: number;
  heldPoints: number;
  streak: number;
  skillsToTeach: TaughtSkill[];
  skillsToLearn: string[];
  availability: Availability[];
}
