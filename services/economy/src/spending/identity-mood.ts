import { createGrpcClient, unaryCall } from '@aura/platform';
import { identity } from '@aura/proto';
import { DependencyUnavailable } from '../dependency-unavailable';

/** Whether a member's last two check-ins were both low (the spending pause, docs/spending.md). */
export interface MoodSource {
  isLow(userId: string): Promise<boolean>;
}

/**
 * Asks identity, which owns check-ins (IsMoodLow, admitted from economy only): asked at the moment of
 * a spend above the member's pause threshold, so a check-in made a second ago counts, and economy
 * keeps no copy of anyone's moods — it learns one yes or no. identity unreachable: 503, never a
 * spend let through unasked.
 */
export class IdentityMoodSource implements MoodSource {
  private readonly client: identity.IdentityServiceClient;

  constructor(address: string) {
    this.client = createGrpcClient(identity.IdentityServiceClient, address);
  }

  async isLow(userId: string): Promise<boolean> {
    try {
      return (await unaryCall(this.client, this.client.isMoodLow, { userId }, undefined, 5000)).low;
    } catch {
      throw new DependencyUnavailable();
    }
  }

  close(): void {
    this.client.close();
  }
}
