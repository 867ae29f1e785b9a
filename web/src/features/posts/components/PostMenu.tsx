// A post's "⋯" menu: Save / Unsave, Share, Hide post, and Report (another member's posts only). The
// saving, sharing and hiding themselves are usePostActions'.
import { useAppDialogs } from '../../../app/dialogs';
import { MoreMenu, type MoreMenuItem } from '../../../ui/MoreMenu';
import { useSignedInUser } from '../../auth/hooks';
import { authorName } from '../author';
import { usePostActions } from '../hooks/usePostActions';
import type { Post } from '../types';

export function PostMenu({ post, onOpenChange }: { post: Post; onOpenChange?: (open: boolean) => void }) {
  const me = useSignedInUser();
  const { openDialog } = useAppDialogs();
  const { saved, toggleSave, share, hide } = usePostActions(post);
  const about = `${authorName(post.user)}'s post`;
  const items: MoreMenuItem[] = [
    { label: saved ? 'Unsave' : 'Save', icon: 'bookmark', onSelect: toggleSave },
    { label: 'Share', icon: 'share', onSelect: share },
    { label: 'Hide post', icon: 'eye-off', onSelect: hide },
  ];
  // One's own posts cannot be reported (the server refuses "You cannot report yourself" anyway).
  if (post.user.id !== me.id)
    items.push({
      label: 'Report',
      icon: 'flag',
      onSelect: () => openDialog('report', { targetType: 'post', targetId: post.id, about }),
    });
  return <MoreMenu label={`More options for ${about}`} items={items} onOpenChange={onOpenChange} />;
}
