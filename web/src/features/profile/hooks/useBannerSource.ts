// The banner to show for a URL (spec 000 §4 "Banner display"): the HEAD check, with the data-URL
// fallback, cached per URL so the profile header and the settings preview share one check.
import { useQuery } from '@tanstack/react-query';
import { profileMediaApi } from '../api/profile-media.api';

export const bannerSourceKey = (url: string) => ['profile', 'banner-source', url] as const;

export function useBannerSource(url: string | null | undefined) {
  return useQuery({
    queryKey: bannerSourceKey(url ?? ''),
    queryFn: ({ signal }) => profileMediaApi.resolveBanner(url!, signal),
    enabled: Boolean(url),
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
