import { AdminController } from './admin.controller';
import { AdminClient } from '../clients/admin.client';
import {
  AdminSupportController,
  PublicConfigController,
  SupportController,
} from '../support/support.controller';

/** The admin panel and support routes of issue 9, registered by AppModule. */
export const ADMIN_CONTROLLERS = [
  AdminController,
  SupportController,
  AdminSupportController,
  PublicConfigController,
];

export const ADMIN_PROVIDERS = [AdminClient];
