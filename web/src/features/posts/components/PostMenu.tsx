// A post's "⋯" menu: Save / Unsave, Share, Hide post; Edit and Delete on one's own posts, Report on
// another member's. The saving, sharing and hiding themselves are usePostActions'; editing and deleting
// are the card's (an editor in place, a confirmation first).
import { useAppDialogs } from '../../../app/dialogs';
import { MoreMenu, type MoreMenuItem } from '../../../ui/MoreMenu';
import { useSignedInUser } from '../../auth';
import { authorName } from '../author';
import { usePostActions } from '../hooks/usePostActions';
import type { Post } from '../types';

export interface PostMenuProps {
  post: Post;
  onOpenChange?: (open: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}

export function PostMenu({ post, onOpenChange, onEdit, onDelete }: PostMenuProps) {
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
  if (post.user.id === me.id) {
    if (!post.is_story) items.unshift({ label: 'Edit', icon: 'edit', onSelect: onEdit });
    items.push({ label: 'Delete', icon: 'trash', onSelect: onDelete });
  } else
    items.push({
      label: 'Report',
      icon: 'flag',
      onSelect: () => openDialog('report', { targetType: 'post', targetId: post.id, about }),
    });
  return <MoreMenu label={`More options for ${about}`} items={items} onOpenChange={onOpenChange} />;
}
