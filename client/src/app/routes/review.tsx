import { useShallow } from 'zustand/react/shallow';
import { useAuthStore } from '../../features/auth/store';
import { ReviewPage } from '../../features/lessons/components/review-page';
import { usePageTitle } from '../../lib/use-page-title';
import { es } from '../../i18n/es';

/** /review, made useful: see ReviewPage. */
export function ReviewRoute() {
  usePageTitle(es.titles.review);
  const { token, userId, isActive, status } = useAuthStore(
    useShallow((s) => ({ token: s.token, userId: s.userId, isActive: s.isActive, status: s.status })),
  );
  return (
    <ReviewPage
      viewer={{ userId: token ? userId : null, isMember: isActive, membershipKnown: status === 'succeeded' }}
    />
  );
}
