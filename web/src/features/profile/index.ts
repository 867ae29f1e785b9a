// The member's own profile: the own-profile dialog (registered in app/DialogHost as 'profile'), the
// banner display shared with the public profile, and the user-data refresh event.
export { OwnProfileDialog } from './components/OwnProfileDialog';
export { BannerDisplay, NO_BANNER_TEXT, type BannerDisplayProps } from './components/BannerDisplay';
export {
  USER_DATA_REFRESH_EVENT,
  dispatchUserDataRefresh,
  refreshCurrentUser,
  useUserDataRefreshListener,
} from './hooks/user-refresh';
export { ProfileMediaMessages } from './profile-media-rules';
export { PROFILE_SECTIONS, type ProfileSectionId } from './profile-sections';
