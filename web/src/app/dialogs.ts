// The app's dialogs, by name (spec 000 §2: "Everything is one page with modal dialogs").
// Every dialog's content is registered in DialogHost (DIALOG_MODULES has one for each name).
import { useDialogs } from '../ui/DialogProvider';

export const DIALOG_TITLES = {
  profile: 'Your Profile',
  explore: 'Explore',
  messages: 'Messages',
  'genie-shop': 'Genie Shop',
  /** My Genie Collection (spec 001 §2). */
  'genie-collection': 'My Genie Collection',
  /** Send NFT Genie (spec 001 §2), optionally opened with {userGenieId}. */
  'send-genie': 'Send NFT Genie',
  'coin-chart': 'AuraCoin Chart',
  wallet: 'Wallet & Payments',
  notifications: 'Notifications',
  help: 'Help Center',
  admin: 'Admin Panel',
  create: 'Create',
  marketplace: 'Marketplace',
  /** Another member's profile, opened with {userId}. */
  member: 'Profile',
  /** The tip dialog, opened with {userId, username, displayName, profilePicture}. */
  'send-energy': 'Send Energy',
  /** The Report dialog, opened with {targetType, targetId, about} (features/moderation). */
  report: 'Report',
} as const;

export type DialogName = keyof typeof DIALOG_TITLES;

/**
 * What DialogHost hands a dialog's content. It lives here, not in DialogHost, because DialogHost
 * loads every feature's dialog: a feature importing it would close a circle through all of them.
 */
export interface DialogContentProps {
  close: () => void;
  props?: Record<string, unknown>;
}

export const useAppDialogs = () => useDialogs<DialogName>();
