// Renders the open dialogs, bottom first (each one's close closes it and any opened on top of it).
// Features plug their dialog in DIALOG_MODULES.
//
// Every dialog's code is a chunk of its own, so the app's first download is the shell and the feed
// (issue 19: initial JS). A dialog shows only once its code is there: the Suspense boundary holds the
// whole Modal (fallback: nothing), so its title never appears before its content. Once the page is
// idle after the first render every dialog's chunk is fetched ahead (usePrefetchDialogs), so an open
// is normally immediate.
import { Component, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Modal } from '../ui/Modal';
import { DIALOG_TITLES, useAppDialogs, type DialogContentProps, type DialogName } from './dialogs';
import { lazyModule, useLazyModule, whenIdle, type LazyModule } from './lazy-module';

type DialogComponent = ComponentType<DialogContentProps>;

const dialog = (load: () => Promise<DialogComponent>) => lazyModule(load);

const DIALOG_MODULES: Record<DialogName, LazyModule<DialogComponent>> = {
  profile: dialog(() =>
    import('../features/profile/components/OwnProfileDialog').then((module) => module.OwnProfileDialog),
  ),
  create: dialog(() =>
    import('../features/create/components/CreateDialog').then((module) => module.CreateDialog),
  ),
  explore: dialog(() =>
    import('../features/explore/components/ExploreDialog').then((module) => module.ExploreDialog),
  ),
  member: dialog(() =>
    import('../features/members/components/MemberProfileDialog').then((module) => module.MemberProfileDialog),
  ),
  messages: dialog(() =>
    import('../features/messaging/components/MessagingDialog').then((module) => module.MessagingDialog),
  ),
  notifications: dialog(() =>
    import('../features/notifications/components/NotificationsDialog').then(
      (module) => module.NotificationsDialog,
    ),
  ),
  'coin-chart': dialog(() =>
    import('../features/market/components/CoinChartDialog').then((module) => module.CoinChartDialog),
  ),
  wallet: dialog(() =>
    import('../features/wallet/components/WalletDialog').then((module) => module.WalletDialog),
  ),
  'send-energy': dialog(() =>
    import('../features/wallet/components/SendEnergyDialog').then((module) => module.SendEnergyDialog),
  ),
  admin: dialog(() =>
    import('../features/admin/components/AdminPanelDialog').then((module) => module.AdminPanelDialog),
  ),
  help: dialog(() =>
    import('../features/support/components/HelpCenterDialog').then((module) => module.HelpCenterDialog),
  ),
  'genie-shop': dialog(() =>
    import('../features/genies/components/GenieShopDialog').then((module) => module.GenieShopDialog),
  ),
  'genie-collection': dialog(() =>
    import('../features/genies/components/GenieCollectionDialog').then(
      (module) => module.GenieCollectionDialog,
    ),
  ),
  'send-genie': dialog(() =>
    import('../features/genies/components/SendGenieDialog').then((module) => module.SendGenieDialog),
  ),
  marketplace: dialog(() =>
    import('../features/marketplace/components/MarketplaceDialog').then((module) => module.MarketplaceDialog),
  ),
  report: dialog(() =>
    import('../features/moderation/components/ReportDialog').then((module) => module.ReportDialog),
  ),
};

/** Fetches every dialog's chunk once the page is idle after the first render (a failure retries on open). */
function usePrefetchDialogs() {
  useEffect(
    () =>
      whenIdle(() => {
        for (const module of Object.values(DIALOG_MODULES)) void module.preload().catch(() => undefined);
      }),
    [],
  );
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

interface EntryProps {
  name: DialogName;
  entryProps?: Record<string, unknown>;
  close: () => void;
  active: boolean;
  /** What had the focus when the dialog was opened. */
  opener: Element | null;
}

function DialogEntry({ name, entryProps, close, active, opener }: EntryProps) {
  const Content = useLazyModule(DIALOG_MODULES[name]);
  useReturnFocus(opener);
  return (
    <Modal
      title={DIALOG_TITLES[name]}
      onClose={close}
      size={LARGE_DIALOGS.has(name) ? 'lg' : 'md'}
      active={active}
    >
      {/* eslint-disable-next-line react-hooks/static-components -- the module's one component, the same every render */}
      <Content close={close} props={entryProps} />
    </Modal>
  );
}

/**
 * A dialog whose code was still loading mounts after the page behind it became inert, which takes the
 * focus from what opened it; Modal then has nothing to give the focus back to on close. This gives it
 * back to the opener when nothing else holds the focus once the dialog is gone.
 */
function useReturnFocus(opener: Element | null) {
  useEffect(
    () => () => {
      queueMicrotask(() => {
        const focused = document.activeElement;
        if (focused !== null && focused !== document.body) return;
        if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
      });
    },
    [opener],
  );
}

/** A dialog whose code could not be loaded: said in the dialog, with a retry. */
class DialogLoadBoundary extends Component<
  { title: string; onClose: () => void; active: boolean; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    const { title, onClose, active, children } = this.props;
    if (!this.state.failed) return children;
    return (
      <Modal title={title} onClose={onClose} active={active}>
        <p role="alert">This could not be opened. Check your connection and try again.</p>
        <button type="button" className="btn btn-primary" onClick={() => this.setState({ failed: false })}>
          Try again
        </button>
      </Modal>
    );
  }
}

export function DialogHost() {
  const { stack, closeDialog } = useAppDialogs();
  usePrefetchDialogs();
  return (
    <>
      {stack.map((entry, level) => {
        const close = () => closeDialog(entry.key);
        const active = level === stack.length - 1;
        return (
          <DialogLoadBoundary
            key={entry.key}
            title={DIALOG_TITLES[entry.name]}
            onClose={close}
            active={active}
          >
            <Suspense fallback={null}>
              <DialogEntry
                name={entry.name}
                entryProps={entry.props}
                close={close}
                active={active}
                opener={entry.opener ?? null}
              />
            </Suspense>
          </DialogLoadBoundary>
        );
      })}
    </>
  );
}
