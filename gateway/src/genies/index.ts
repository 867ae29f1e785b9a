import { GeniesClient } from '../clients/genies.client';
import { GenieArtworkController } from './genie-artwork.controller';
import { AdminGeniesController, GeniesController, MemberGeniesController } from './genies.controller';

/** The genie routes of issue 8 (ADR 0008), registered by AppModule. */
export const GENIES_CONTROLLERS = [
  GenieArtworkController,
  GeniesController,
  MemberGeniesController,
  AdminGeniesController,
];

export const GENIES_PROVIDERS = [GeniesClient];
