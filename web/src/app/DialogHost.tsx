// Renders the open dialogs, bottom first (each one's close closes it and any opened on top of it). Features plug their content in DIALOG_CONTENT as they are built.
import type { ComponentType } from 'react';
import { AdminPanelDialog } from '../features/admin/components/AdminPanelDialog';
import { CreateDialog } from '../features/create/components/CreateDialog';
import { ExploreDialog } from '../features/explore/components/ExploreDialog';
import { GenieCollectionDialog } from '../features/genies/components/GenieCollectionDialog';
import { GenieShopDialog } from '../features/genies/components/GenieShopDialog';
import { SendGenieDialog } from '../features/genies/components/SendGenieDialog';
import { LazyCoinChartDialog } from '../features/market/components/LazyCoinChartDialog';
import { MarketplaceDialog } from '../features/marketplace';
import { MemberProfileDialog } from '../features/members/components/MemberProfileDialog';
import { MessagingDialog } from '../features/messaging/components/MessagingDialog';
import { NotificationsDialog } from '../features/notifications/components/NotificationsDialog';
import { OwnProfileDialog } from '../features/profile';
import { HelpCenterDialog } from '../features/support/components/HelpCenterDialog';
import { SendEnergyDialog } from '../features/wallet/components/SendEnergyDialog';
import { WalletDialog } from '../features/wallet/components/WalletDialog';
import { lazyWithSpinner } from '../ui/lazy';
import { Modal } from '../ui/Modal';
import { DIALOG_TITLES, useAppDialogs, type DialogName } from './dialogs';

export interface DialogContentProps {
  close: () => void;
  props?: Record<string, unknown>;
}

/** Loaded when first opened. */
const ReportDialog = lazyWithSpinner<DialogContentProps>(
  () => import('../features/moderation/components/ReportDialog').then((module) => module.ReportDialog),
  'Opening the report form',
);

const DIALOG_CONTENT: Partial<Record<DialogName, ComponentType<DialogContentProps>>> = {
  profile: OwnProfileDialog,
  create: CreateDialog,
  explore: ExploreDialog,
  member: MemberProfileDialog,
  messages: MessagingDialog,
  notifications: NotificationsDialog,
  'coin-chart': LazyCoinChartDialog,
  wallet: WalletDialog,
  'send-energy': SendEnergyDialog,
  admin: AdminPanelDialog,
  help: HelpCenterDialog,
  'genie-shop': GenieShopDialog,
  'genie-collection': GenieCollectionDialog,
  'send-genie': SendGenieDialog,
  marketplace: MarketplaceDialog,
  report: ReportDialog,
};

const LARGE_DIALOGS: ReadonlySet<DialogName> = new Set([
  'profile',
  'member',
  'explore',
  'messages',
  'admin',
  'coin-chart',
  'wallet',
  'genie-shop',
  'genie-collection',
  'marketplace',
]);

export function DialogHost() {
  const { stack, closeDialog } = useAppDialogs();
  return (
    <>
      {stack.map((entry, level) => {
        const Content = DIALOG_CONTENT[entry.name];
        const close = () => closeDialog(entry.key);
        return (
          <Modal
            key={entry.key}
            title={DIALOG_TITLES[entry.name]}
            onClose={close}
            size={LARGE_DIALOGS.has(entry.name) ? 'lg' : 'md'}
            active={level === stack.length - 1}
          >
            {Content ? <Content close={close} props={entry.props} /> : null}
          </Modal>
        );
      })}
    </>
  );
}
