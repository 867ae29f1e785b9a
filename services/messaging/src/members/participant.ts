/** A member as messaging shows them (sender of a message, other side of a conversation, actor). */
export interface Participant {
  id: string;
  username: string;
  displayName: string;
  profilePicture: string;
  auraScore: number;
  isSuperAura: boolean;
}

export function participantMessage(participant: Participant) {
  return {
    id: participant.id,
    username: participant.username,
    displayName: participant.displayName,
    profilePicture: participant.profilePicture,
    auraScore: participant.auraScore,
    isSuperAura: participant.isSuperAura,
  };
}
