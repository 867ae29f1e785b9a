import { AsyncService, CallContext, CallerPolicy, InvalidInput, Unauthenticated } from '@aura/platform';
import { identity } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { AdminUsersService } from '../admin-users/admin-users.service';
import { AuthService, ClientDevice, Session } from '../auth/auth.service';
import { BlocksGrpcHandlers } from '../blocks/blocks.grpc';
import { SIGNING_KEY } from '../tokens/tokens.providers';
import type { SigningKey } from '../tokens/signing-key';
import type { User } from '../users/user';
import { WellnessGrpcHandlers } from '../wellness/wellness.grpc';

/**
 * Who may call what: the gateway everything; the services that keep a member directory (a member who
 * signed up a moment ago, before their user.registered arrived) may look a member up.
 */
export const IDENTITY_CALLERS: CallerPolicy<identity.IdentityServiceServer> = {
  methods: { getUser: ['gateway', 'economy', 'genies', 'messaging', 'admin'] },
};

export function toUserMessage(user: User): identity.User {
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    email: user.email,
    role: user.role,
    auraScore: user.auraScore,
    profilePicture: user.profilePicture,
    bannerImage: user.bannerImage,
    bio: user.bio,
    auraAnimationStyle: user.auraAnimationStyle,
    auraColorGradient: user.auraColorGradient,
    profileRingColor: user.profileRingColor,
    profileBackground: user.profileBackground,
    profileAudioYoutubeLink: user.profileAudioYoutubeLink,
    isSuperAura: user.isSuperAura,
    createdAt: user.createdAt.toISOString(),
  };
}

function toSessionMessage(session: Session): identity.AuthSession {
  return {
    accessToken: session.accessToken,
    expiresIn: session.expiresIn,
    refreshToken: session.refreshToken,
    refreshExpiresAt: session.refreshExpiresAt.toISOString(),
    user: toUserMessage(session.user),
  };
}

/** The gRPC face of identity: decodes, delegates to the services, encodes. No rules here. */
@Injectable()
export class IdentityGrpcController implements AsyncService<identity.IdentityServiceServer> {
  constructor(
    private readonly auth: AuthService,
    @Inject(SIGNING_KEY) private readonly signingKey: SigningKey,
    private readonly blocks: BlocksGrpcHandlers,
    private readonly adminUsers: AdminUsersService,
    private readonly wellness: WellnessGrpcHandlers,
  ) {}

  async register(request: identity.RegisterRequest) {
    return toSessionMessage(
      await this.auth.register(
        {
          username: request.username,
          email: request.email,
          password: request.password,
          displayName: request.displayName,
        },
        deviceOf(request.client),
      ),
    );
  }

  async login(request: identity.LoginRequest) {
    return toSessionMessage(
      await this.auth.login(request.username, request.password, deviceOf(request.client)),
    );
  }

  async refresh(request: identity.RefreshRequest) {
    if (!request.refreshToken) throw new InvalidInput('refresh_token is required');
    return toSessionMessage(await this.auth.refresh(request.refreshToken, deviceOf(request.client)));
  }

  async logout(request: identity.LogoutRequest): Promise<identity.LogoutResult> {
    const ended = await this.auth.logout(request.refreshToken);
    return { sessionId: ended?.sessionId ?? '', userId: ended?.userId ?? '' };
  }

  async verifyPassword(request: identity.VerifyPasswordRequest, context: CallContext) {
    if (!context.caller) throw new Unauthenticated('Not authenticated');
    await this.auth.verifyPassword(context.caller.userId, request.password);
    return {};
  }

  async changePassword(
    request: identity.ChangePasswordRequest,
    context: CallContext,
  ): Promise<identity.ChangePasswordResult> {
    if (!context.caller) throw new Unauthenticated('Not authenticated');
    const ended = await this.auth.changePassword(
      context.caller.userId,
      request.keepSessionId,
      request.currentPassword,
      request.newPassword,
    );
    return { endedSessionIds: ended };
  }

  async listSessions(
    request: identity.ListSessionsRequest,
    context: CallContext,
  ): Promise<identity.SessionList> {
    if (!context.caller) throw new Unauthenticated('Not authenticated');
    const sessions = await this.auth.listSessions(context.caller.userId);
    return {
      sessions: sessions.map((session) => ({
        id: session.id,
        startedAt: session.startedAt.toISOString(),
        lastSeenAt: session.lastSeenAt.toISOString(),
        userAgent: session.userAgent,
        ip: session.ip,
        current: session.id === request.currentSessionId,
      })),
    };
  }

  async endSessions(
    request: identity.EndSessionsRequest,
    context: CallContext,
  ): Promise<identity.EndSessionsResult> {
    if (!context.caller) throw new Unauthenticated('Not authenticated');
    const ended = request.allOthers
      ? await this.auth.endOtherSessions(context.caller.userId, request.keepSessionId)
      : await this.auth.endSession(context.caller.userId, request.sessionId);
    return { endedSessionIds: ended };
  }

  async getUser(request: identity.GetUserRequest) {
    return toUserMessage(await this.auth.getUser(request.userId));
  }

  async getSigningKeys() {
    return { jwksJson: JSON.stringify({ keys: [this.signingKey.publicJwk] }) };
  }

  blockUser(request: identity.BlockUserRequest, context: CallContext) {
    return this.blocks.blockUser(request, context);
  }

  unblockUser(request: identity.BlockTarget, context: CallContext) {
    return this.blocks.unblockUser(request, context);
  }

  listBlocked(request: unknown, context: CallContext) {
    return this.blocks.listBlocked(request, context);
  }

  isBlocked(request: identity.IsBlockedRequest) {
    return this.blocks.isBlocked(request);
  }

  async updateProfile(request: identity.UpdateProfileRequest, context: CallContext) {
    return toUserMessage(await this.wellness.updateProfile(request, context));
  }

  async viewProfile(request: identity.GetUserRequest, context: CallContext) {
    const view = await this.wellness.viewProfile(request, context);
    return { user: toUserMessage(view.user), profileVisitsCount: view.visits };
  }

  createMoodCheckin(request: identity.CreateMoodCheckinRequest, context: CallContext) {
    return this.wellness.createMoodCheckin(request, context);
  }

  listMoodCheckins(request: identity.ListWellnessRequest, context: CallContext) {
    return this.wellness.listMoodCheckins(request, context);
  }

  createReflection(request: identity.CreateReflectionRequest, context: CallContext) {
    return this.wellness.createReflection(request, context);
  }

  listReflections(request: identity.ListWellnessRequest, context: CallContext) {
    return this.wellness.listReflections(request, context);
  }

  getWellnessStats(request: unknown, context: CallContext) {
    return this.wellness.getWellnessStats(request, context);
  }

  adminAdjustAura(request: identity.AdminAdjustAuraRequest, context: CallContext) {
    return this.wellness.adminAdjustAura(request, context);
  }

  async adminListUsers(request: identity.AdminListUsersRequest, context: CallContext) {
    const { users, total } = await this.adminUsers.list(context.caller, request);
    return { users: users.map(toUserMessage), total };
  }

  async adminUpdateUser(request: identity.AdminUpdateUserRequest, context: CallContext) {
    const { userId, role, isSuperAura } = request;
    return toUserMessage(await this.adminUsers.update(context.caller, userId, { role, isSuperAura }));
  }
}

function deviceOf(client: identity.ClientInfo | undefined): ClientDevice {
  return { userAgent: client?.userAgent ?? '', ip: client?.ip ?? '' };
}
