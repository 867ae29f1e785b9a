import { AdminAuraController } from './admin-aura.controller';
import { ProfileController } from './profile.controller';
import { ReflectionsController } from './reflections.controller';
import { WellnessController } from './wellness.controller';

/** The own-profile and wellness routes of issue 5 (and the super admin's aura change), registered by AppModule. */
export const PROFILE_CONTROLLERS = [
  ProfileController,
  ReflectionsController,
  WellnessController,
  AdminAuraController,
];
