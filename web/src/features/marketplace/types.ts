// The marketplace's shapes (spec 001 §3 "Marketplace item"; API-INVENTORY.md §4).

export interface MarketplaceCategory {
  id: string;
  name: string;
}

export interface MarketplaceItem {
  id: string;
  name: string;
  description: string;
  category: string;
  /** AC. */
  price: number;
  is_premium: boolean;
  is_owned: boolean;
  is_active_on_profile: boolean;
  preview_image_url: string;
  /** What the item does to a profile (see appearance.ts). */
  appearance: string;
}

export interface MarketplacePurchase extends MarketplaceItem {
  purchased_at: string;
  transfer_id: string;
}
