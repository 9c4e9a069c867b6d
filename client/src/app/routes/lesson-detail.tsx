import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { paths } from '../../config/paths';
import { useAuthStore } from '../../features/auth/store';
import { SessionList } from '../../features/bookings/components/session-list';
import { LessonDetail } from '../../features/lessons/components/lesson-detail';
import { usePageTitle } from '../../lib/use-page-title';

// Only a signed-in member with an active membership sees the wider-wait form; it validates with the
// shared schemas (zod), which a visitor's first page should not download. For such a member it is
// asked for as soon as the page opens, with the class, so it is there when the class is and the page
// does not move under their pointer.
const loadWishForm = () =>
  import('../../features/bookings/components/wish-form').then((module) => ({ default: module.WishForm }));
const WishForm = lazy(loadWishForm);

/** /clases/{name} and /detail/{name}; /detail with no name goes to /clases. */
export function LessonDetailRoute() {
  const { name } = useParams();
  const { token, userId, isActive, status, loadUser, schedule } = useAuthStore(
    useShallow((s) => ({
      token: s.token,
      userId: s.userId,
      isActive: s.isActive,
      status: s.status,
      loadUser: s.loadUser,
      schedule: s.user?.lessonDetails,
    })),
  );
  // The class's name, as its address says it (a missing class keeps it too).
  usePageTitle(name);
  useEffect(() => {
    if (token && isActive) void loadWishForm().catch(() => undefined);
  }, [token, isActive]);
  const scheduledLessonIds = useMemo(() => schedule?.map((lesson) => lesson.id) ?? [], [schedule]);
  if (!name) return <Navigate to={paths.lessons} replace />;
  return (
    <LessonDetail
      name={name}
      viewer={{
        userId: token ? userId : null,
        isMember: isActive,
        membershipKnown: status === 'succeeded',
        scheduledLessonIds,
      }}
      onLessonAdded={() => void loadUser()}
      sessions={(lesson) => (
        <>
          <SessionList
            lessonId={lesson.id}
            signedIn={!!token}
            isMember={isActive}
            membershipKnown={status === 'succeeded'}
          />
          {token && isActive && (
            <Suspense fallback={null}>
              <WishForm lesson={lesson} />
            </Suspense>
          )}
        </>
      )}
    />
  );
}
