// The featured genie on a member's profile (spec 000 §2, §3): GET /api/genies/{userId}/featured. A
// member without one, or a failed read (tolerated, spec 000 §7), shows nothing.
import { useFeaturedGenie } from '../hooks/useGenies';
import { FeaturedGeniePanel } from './FeaturedGeniePanel';

export function MemberFeaturedGenie({ userId }: { userId: string }) {
  const featured = useFeaturedGenie(userId);
  return featured.data ? <FeaturedGeniePanel featured={featured.data} compact /> : null;
}
