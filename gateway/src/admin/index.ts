import { AdminController } from './admin.controller';
import { AdminSecurityController } from './admin-security.controller';
import { AdminModerationController } from '../moderation/admin-moderation.controller';
import { ReportsController } from '../moderation/reports.controller';
import { ReportTargets } from '../moderation/report-targets';
import { AdminClient } from '../clients/admin.client';
import {
  AdminSupportController,
  PublicConfigController,
  SupportController,
} from '../support/support.controller';

/** The admin panel, support (issue 9) and moderation (issue 21) routes, registered by AppModule. */
export const ADMIN_CONTROLLERS = [
  AdminController,
  AdminSecurityController,
  AdminModerationController,
  ReportsController,
  SupportController,
  AdminSupportController,
  PublicConfigController,
];

export const ADMIN_PROVIDERS = [AdminClient, ReportTargets];
