// Apply an owned item to the profile, or remove it, with the error shown beside the list.
import { useState } from 'react';
import { showToast } from '../../../ui/toast';
import { marketplaceFailureMessage, MarketplaceTexts } from '../marketplace';
import { useApplyItem } from '../hooks/useMarketplace';
import type { MarketplaceItem } from '../types';

export function useToggleApplied() {
  const mutation = useApplyItem();
  const [error, setError] = useState<string | null>(null);
  const run = (item: MarketplaceItem) => {
    if (mutation.isPending) return;
    setError(null);
    const apply = !item.is_active_on_profile;
    mutation.mutate(
      { itemId: item.id, apply },
      {
        onSuccess: (answer) => showToast(answer?.message || (apply ? 'Applied to your profile' : 'Removed')),
        onError: (failure) =>
          setError(
            marketplaceFailureMessage(
              failure,
              apply ? MarketplaceTexts.applyFailed : MarketplaceTexts.removeFailed,
            ),
          ),
      },
    );
  };
  return { run, error, busyId: mutation.isPending ? mutation.variables?.itemId : undefined };
}
