// /profile and /profile/{userId}: the members feature draws the profile; on another member's profile
// the app adds the sessions feature's 'Active Sessions' and the booking feature's panel.
import { useCurrentUser } from '@/lib/current-user';
import { BookingPanel } from '@/features/booking/components/booking-panel';
import { greetingMessage } from '@/features/booking/booking-rules';
import { ProfilePage } from '@/features/members/routes/profile-page';
import { ActiveSessions } from '@/features/sessions/components/active-sessions';

export const ProfileRoute = () => {
  const { data: me } = useCurrentUser();
  return (
    <ProfilePage
      memberAside={(member, preselectedSkillId) =>
        me && (
          <>
            <ActiveSessions viewerId={me.id} memberId={member.id} />
            {member.skillsToTeach.length > 0 && (
              <BookingPanel
                key={preselectedSkillId ?? 'default'}
                viewer={me}
                mentor={member}
                skillId={member.skillsToTeach.find((s) => s.id === preselectedSkillId)?.id ?? member.skillsToTeach[0]!.id}
                allowSkillChange
                initialMessage={(skillName) => greetingMessage(member.name, skillName)}
              />
            )}
          </>
        )
      }
    />
  );
};
