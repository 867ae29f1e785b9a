// Lives is a placeholder (spec 000 §2): 'No live streams yet' and 'Live streaming coming soon!'.
import { EmptyState } from '../../../ui/EmptyState';
import { LIVES_COMING_TEXT, NO_LIVES_TEXT } from '../follow';

export function MemberLivesTab() {
  return (
    <EmptyState icon="video" title={NO_LIVES_TEXT}>
      {LIVES_COMING_TEXT}
    </EmptyState>
  );
}
