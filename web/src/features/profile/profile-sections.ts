// Spec 000 §2 "Own-profile dialog": the section selector offers dashboard, posts, reflection, genies,
// wallet, marketplace (labelled Shop), upgrade (hidden when is_super_aura), settings; Saved (issue 23: the
// member's saved posts) sits beside the own posts.
// Pure module (no DOM, no Vite): unit-tested under node.

export const PROFILE_SECTIONS = [
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'posts', label: 'Posts' },
  { id: 'saved', label: 'Saved' },
  { id: 'reflection', label: 'Reflection' },
  { id: 'genies', label: 'Genies' },
  { id: 'wallet', label: 'Wallet' },
  { id: 'marketplace', label: 'Shop' },
  { id: 'upgrade', label: 'Upgrade' },
  { id: 'settings', label: 'Settings' },
] as const;

export type ProfileSectionId = (typeof PROFILE_SECTIONS)[number]['id'];
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

/**
 * The sections the selector shows, in the spec's order: those built so far (a section joins the
 * selector when its issue lands, never as a "coming soon" stub), without Upgrade for SuperAura members.
 */
export function visibleSections(
  implemented: ReadonlySet<ProfileSectionId>,
  isSuperAura: boolean,
): ProfileSection[] {
  return PROFILE_SECTIONS.filter(
    (section) => implemented.has(section.id) && !(section.id === 'upgrade' && isSuperAura),
  );
}

/** The section to open: the asked one when it is shown, else the first shown one. */
export function initialSection(
  shown: readonly ProfileSection[],
  asked: unknown,
): ProfileSectionId | undefined {
  return (shown.find((section) => section.id === asked) ?? shown[0])?.id;
}
