// The landing page's data. GET /api/public/stats, /api/public/feed/preview and /api/auracoin/price/current
// do not exist yet (later issues add them). Until then the spec's defaults are shown ("shown before data
// arrives") and the preview is empty. When the calls exist, each hook becomes a useQuery with
// `refetchInterval: LANDING_REFRESH_MS`, keys queryKeys.publicStats / publicFeedPreview / coinPrice,
// and falls back to these defaults while loading or after a failure (failures are only logged).
import { DEFAULT_COIN_PRICE, DEFAULT_PUBLIC_STATS } from '../constants';

export interface PublicStats {
  total_users: number;
  active_users_24h: number;
  total_posts: number;
  total_engagement: number;
}

export interface PreviewPost {
  id: string;
  content: string;
  likes_count: number;
  comments_count: number;
  created_at: string;
  user: { id: string; username: string; display_name: string; aura_score: number };
}

export function usePublicStats(): { stats: PublicStats; isLive: boolean } {
  return { stats: DEFAULT_PUBLIC_STATS, isLive: false };
}

export function useCoinPrice(): { price: number; isLive: boolean } {
  return { price: DEFAULT_COIN_PRICE, isLive: false };
}

export function useFeedPreview(): { posts: PreviewPost[]; isLive: boolean } {
  return { posts: [], isLive: false };
}
