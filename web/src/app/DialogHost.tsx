// Renders the open dialogs, bottom first (each one's close closes it and any opened on top of it).
// Features plug their dialog in DIALOG_MODULES.
import { useEffect, type ComponentType } from 'react';
import { lazyWithSpinner } from '../ui/lazy';
import { Modal } from '../ui/Modal';
import { DIALOG_TITLES, useAppDialogs, type DialogName } from './dialogs';

export interface DialogContentProps {
  close: () => void;
  props?: Record<string, unknown>;
}

type DialogModule = () => Promise<ComponentType<DialogContentProps>>;

/**
 * Every dialog's code is a chunk of its own, loaded when the dialog first opens (a spinner under its
 * title meanwhile), so the app's first download is the shell and the feed (issue 19: initial JS).
 * Once the page is idle the chunks are fetched ahead (`usePrefetchDialogs`), so a later open is
 * instant.
 */
const DIALOG_MODULES: Partial<Record<DialogName, DialogModule>> = {
  profile: () => import('../features/profile').then((module) => module.OwnProfileDialog),
  create: () => import('../features/create/components/CreateDialog').then((module) => module.CreateDialog),
  explore: () =>
    import('../features/explore/components/ExploreDialog').then((module) => module.ExploreDialog),
  member: () =>
    import('../features/members/components/MemberProfileDialog').then((module) => module.MemberProfileDialog),
  messages: () =>
    import('../features/messaging/components/MessagingDialog').then((module) => module.MessagingDialog),
  notifications: () =>
    import('../features/notifications/components/NotificationsDialog').then(
      (module) => module.NotificationsDialog,
    ),
  'coin-chart': () =>
    import('../features/market/components/CoinChartDialog').then((module) => module.CoinChartDialog),
  wallet: () => import('../features/wallet/components/WalletDialog').then((module) => module.WalletDialog),
  'send-energy': () =>
    import('../features/wallet/components/SendEnergyDialog').then((module) => module.SendEnergyDialog),
  admin: () =>
    import('../features/admin/components/AdminPanelDialog').then((module) => module.AdminPanelDialog),
  help: () =>
    import('../features/support/components/HelpCenterDialog').then((module) => module.HelpCenterDialog),
  'genie-shop': () =>
    import('../features/genies/components/GenieShopDialog').then((module) => module.GenieShopDialog),
  'genie-collection': () =>
    import('../features/genies/components/GenieCollectionDialog').then(
      (module) => module.GenieCollectionDialog,
    ),
  'send-genie': () =>
    import('../features/genies/components/SendGenieDialog').then((module) => module.SendGenieDialog),
  marketplace: () => import('../features/marketplace').then((module) => module.MarketplaceDialog),
  report: () =>
    import('../features/moderation/components/ReportDialog').then((module) => module.ReportDialog),
};

const DIALOG_CONTENT = Object.fromEntries(
  Object.entries(DIALOG_MODULES).map(([name, load]) => [
    name,
    lazyWithSpinner(load, `Opening ${DIALOG_TITLES[name as DialogName]}`),
  ]),
) as Partial<Record<DialogName, ComponentType<DialogContentProps>>>;

/** How long after the first render the dialogs' chunks are fetched ahead, when the page is idle. */
const PREFETCH_AFTER_MS = 1500;

/** Fetches every dialog's chunk once the page is idle (a failed fetch is retried on open). */
function usePrefetchDialogs() {
  useEffect(() => {
    let idle: number | undefined;
    const timer = window.setTimeout(() => {
      const fetchAll = () => {
        for (const load of Object.values(DIALOG_MODULES)) void load().catch(() => undefined);
      };
      if ('requestIdleCallback' in window) idle = window.requestIdleCallback(fetchAll, { timeout: 5000 });
      else fetchAll();
    }, PREFETCH_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, []);
}

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
  usePrefetchDialogs();
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
