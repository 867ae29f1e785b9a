// The member's own profile (its dialog is registered in app/DialogHost as 'profile'): what other features
// use of it, the banner display shared with the public profile, the user-data refresh, wellness and audio.
export { BannerDisplay } from './components/BannerDisplay';
export { refreshCurrentUser } from './hooks/user-refresh';
export { useCheckins } from './hooks/useWellness';
export { audioPlan, playerCommand, playerVolume } from './profile-audio';
export { moodEmoji, moodLabel, toReflections } from './wellness';
