export { ShopSection } from './components/ShopSection';
export { AppliedAvatar, ProfileDecor } from './components/ProfileDecor';
