import {
  AppliedItemsController,
  MarketplaceCategoriesController,
  MarketplaceController,
} from './marketplace.controller';
import { MarketplaceClient } from './marketplace.client';

/** The marketplace routes of issue 8 (economy owns the catalogue and purchases), registered by AppModule. */
export const MARKETPLACE_CONTROLLERS = [
  MarketplaceCategoriesController,
  MarketplaceController,
  AppliedItemsController,
];

export const MARKETPLACE_PROVIDERS = [MarketplaceClient];
