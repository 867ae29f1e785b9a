import { AccountDeletionService } from '../account-deletion/account-deletion.service';
import type { Restriction } from '../restrictions/restriction';
import {
  AsyncService,
  CallContext,
  CallerPolicy,
  exportRequest,
  InvalidInput,
  toExportPage,
  Unauthenticated,
} from '@aura/platform';
import { common, identity } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { AdminUsersService } from '../admin-users/admin-users.service';
import { AuthService, ClientDevice, Session } from '../auth/auth.service';
import { EmailLinksService } from '../email-links/email-links.service';
import { IDENTITY_EXPORT_PARTS, IdentityExport } from '../member-export/member-export';
import type { Passkey } from '../passkeys/passkeys.repository';
import { PasskeysService } from '../passkeys/passkeys.service';
import { SecurityPolicyService } from '../security-policy/security-policy.service';
import { TwoFactorService } from '../two-factor/two-factor.service';
import { BlocksGrpcHandlers } from '../blocks/blocks.grpc';
import { SIGNING_KEY } from '../tokens/tokens.providers';
import type { SigningKey } from '../tokens/signing-key';
import type { User } from '../users/user';
import { WellnessGrpcHandlers } from '../wellness/wellness.grpc';

/**
 * Who may call what: the gateway everything but a member's data export, which only media gathers, and
 * the spending pause's mood question, which only economy asks; the services that keep a member
 * directory (a member who signed up a moment ago, before their user.registered arrived) may look a
 * member up.
 */
export const IDENTITY_CALLERS: CallerPolicy<identity.IdentityServiceServer> = {
  methods: {
    getUser: ['gateway', 'economy', 'genies', 'messaging', 'admin'],
    exportMemberData: ['media'],
    isMoodLow: ['economy'],
  },
};

export function toRestrictionMessage(restriction: Restriction | null): identity.Restriction | undefined {
  if (!restriction) return undefined;
  return {
    kind: restriction.kind,
    reason: restriction.reason,
    until: restriction.until?.toISOString() ?? '',
  };
}

export function toUserMessage(user: User): identity.User {
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    email: user.email,
    emailVerified: user.emailVerified,
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
    restriction: toRestrictionMessage(user.restriction),
    deletionScheduledFor: user.deletionScheduledFor?.toISOString() ?? '',
    erased: user.erased,
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
    deletionCancelled: session.deletionCancelled,
  };
}

/** The gRPC face of identity: decodes, delegates to the services, encodes. No rules here. */
@Injectable()
export class IdentityGrpcController implements AsyncService<identity.IdentityServiceServer> {
  constructor(
    @Inject(AuthService) private readonly auth: AuthService,
    @Inject(SIGNING_KEY) private readonly signingKey: SigningKey,
    @Inject(BlocksGrpcHandlers) private readonly blocks: BlocksGrpcHandlers,
    @Inject(AdminUsersService) private readonly adminUsers: AdminUsersService,
    @Inject(WellnessGrpcHandlers) private readonly wellness: WellnessGrpcHandlers,
    @Inject(TwoFactorService) private readonly twoFactor: TwoFactorService,
    @Inject(EmailLinksService) private readonly emailLinks: EmailLinksService,
    @Inject(SecurityPolicyService) private readonly securityPolicy: SecurityPolicyService,
    @Inject(PasskeysService) private readonly passkeys: PasskeysService,
    @Inject(AccountDeletionService) private readonly accountDeletion: AccountDeletionService,
    @Inject(IdentityExport) private readonly memberExport: IdentityExport,
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

  async login(request: identity.LoginRequest): Promise<identity.LoginResult> {
    const outcome = await this.auth.login(request.username, request.password, deviceOf(request.client));
    return 'secondFactorToken' in outcome
      ? {
          session: undefined,
          secondFactorToken: outcome.secondFactorToken,
          passkeyAvailable: await this.passkeys.hasAny(outcome.userId),
        }
      : { session: toSessionMessage(outcome), secondFactorToken: '', passkeyAvailable: false };
  }

  async completeLogin(request: identity.CompleteLoginRequest) {
    return toSessionMessage(
      await this.auth.completeLogin(request.secondFactorToken, request.code, deviceOf(request.client)),
    );
  }

  async beginSecondFactorPasskey(
    request: identity.SecondFactorPasskeyRequest,
  ): Promise<identity.WebAuthnOptions> {
    return this.passkeys.beginSecondStep(request.secondFactorToken);
  }

  async completeLoginWithPasskey(request: identity.CompleteLoginWithPasskeyRequest) {
    return toSessionMessage(
      await this.passkeys.completeSecondStep(
        request.secondFactorToken,
        request.ceremonyId,
        request.responseJson,
        deviceOf(request.client),
      ),
    );
  }

  async requestPasswordReset(request: identity.RequestPasswordResetRequest) {
    this.emailLinks.requestPasswordReset(request.email);
    return {};
  }

  async resetPassword(request: identity.ResetPasswordRequest): Promise<identity.ResetPasswordResult> {
    return { endedSessionIds: await this.emailLinks.resetPassword(request.token, request.newPassword) };
  }

  async verifyEmail(request: identity.VerifyEmailRequest) {
    return toUserMessage(await this.emailLinks.verifyEmail(request.token));
  }

  async resendVerificationEmail(request: unknown, context: CallContext) {
    if (!context.caller) throw new Unauthenticated('Not authenticated');
    await this.emailLinks.resendVerification(context.caller.userId);
    return {};
  }

  async getTwoFactor(request: unknown, context: CallContext): Promise<identity.TwoFactorStatus> {
    if (!context.caller) throw new Unauthenticated('Not authenticated');
    return this.twoFactor.status(context.caller.userId);
  }

  async beginTotpSetup(
    request: identity.PasswordConfirmation,
    context: CallContext,
  ): Promise<identity.TotpSetup> {
    if (!context.caller) throw new Unauthenticated('Not authenticated');
    return this.twoFactor.beginTotpSetup(context.caller.userId, request.password);
  }

  async enableTotp(
    request: identity.EnableTotpRequest,
    context: CallContext,
  ): Promise<identity.RecoveryCodes> {
    if (!context.caller) throw new Unauthenticated('Not authenticated');
    return { codes: await this.twoFactor.enableTotp(context.caller.userId, request.code) };
  }

  async renewRecoveryCodes(
    request: identity.PasswordConfirmation,
    context: CallContext,
  ): Promise<identity.RecoveryCodes> {
    if (!context.caller) throw new Unauthenticated('Not authenticated');
    return { codes: await this.twoFactor.renewRecoveryCodes(context.caller.userId, request.password) };
  }

  async disableTwoFactor(
    request: identity.DisableTwoFactorRequest,
    context: CallContext,
  ): Promise<identity.TwoFactorStatus> {
    if (!context.caller) throw new Unauthenticated('Not authenticated');
    return this.twoFactor.disable(context.caller.userId, request.password, request.code);
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

  async scheduleAccountDeletion(
    request: identity.PasswordConfirmation,
    context: CallContext,
  ): Promise<identity.AccountDeletion> {
    if (!context.caller) throw new Unauthenticated('Not authenticated');
    const { deleteAt, endedSessionIds } = await this.accountDeletion.schedule(
      context.caller.userId,
      request.password,
    );
    return { deleteAt: deleteAt.toISOString(), endedSessionIds };
  }

  async runAccountDeletions(
    request: identity.RunAccountDeletionsRequest,
  ): Promise<identity.AccountDeletionRun> {
    const asOf = new Date(request.asOf);
    if (Number.isNaN(asOf.getTime())) throw new InvalidInput('as_of must be an ISO-8601 time');
    return { erasedUserIds: await this.accountDeletion.runAt(asOf) };
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

  async listPasskeys(request: unknown, context: CallContext): Promise<identity.PasskeyList> {
    if (!context.caller) throw new Unauthenticated('Not authenticated');
    return { passkeys: (await this.passkeys.list(context.caller.userId)).map(toPasskeyMessage) };
  }

  async beginPasskeyRegistration(
    request: identity.PasswordConfirmation,
    context: CallContext,
  ): Promise<identity.WebAuthnOptions> {
    if (!context.caller) throw new Unauthenticated('Not authenticated');
    return this.passkeys.beginRegistration(context.caller.userId, request.password);
  }

  async finishPasskeyRegistration(
    request: identity.FinishPasskeyRegistrationRequest,
    context: CallContext,
  ): Promise<identity.Passkey> {
    if (!context.caller) throw new Unauthenticated('Not authenticated');
    return toPasskeyMessage(
      await this.passkeys.finishRegistration(
        context.caller.userId,
        request.ceremonyId,
        request.responseJson,
        request.name,
      ),
    );
  }

  async removePasskey(request: identity.RemovePasskeyRequest, context: CallContext) {
    if (!context.caller) throw new Unauthenticated('Not authenticated');
    await this.passkeys.remove(context.caller.userId, request.passkeyId, request.password);
    return {};
  }

  async beginPasskeySignIn(): Promise<identity.WebAuthnOptions> {
    return this.passkeys.beginSignIn();
  }

  async finishPasskeySignIn(request: identity.FinishPasskeySignInRequest) {
    return toSessionMessage(
      await this.passkeys.finishSignIn(request.ceremonyId, request.responseJson, deviceOf(request.client)),
    );
  }

  async getAccess(request: identity.GetUserRequest): Promise<identity.Access> {
    const access = await this.securityPolicy.accessOf(request.userId);
    return { ...access, restriction: toRestrictionMessage(access.restriction) };
  }

  async getSecurityPolicy(request: unknown, context: CallContext): Promise<identity.SecurityPolicy> {
    return this.securityPolicy.get(context.caller);
  }

  async setSecurityPolicy(
    request: identity.SecurityPolicy,
    context: CallContext,
  ): Promise<identity.SecurityPolicy> {
    return this.securityPolicy.set(context.caller, {
      requireAdminTwoFactor: request.requireAdminTwoFactor,
    });
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

  isMoodLow(request: identity.IsMoodLowRequest) {
    return this.wellness.isMoodLow(request);
  }

  getWellnessStats(request: unknown, context: CallContext) {
    return this.wellness.getWellnessStats(request, context);
  }

  getMoodCalendar(request: identity.MoodCalendarRequest, context: CallContext) {
    return this.wellness.getMoodCalendar(request, context);
  }

  getMoodTrend(request: identity.MoodTrendRequest, context: CallContext) {
    return this.wellness.getMoodTrend(request, context);
  }

  getWellnessStreaks(request: unknown, context: CallContext) {
    return this.wellness.getWellnessStreaks(request, context);
  }

  exportWellness(request: unknown, context: CallContext) {
    return this.wellness.exportWellness(request, context);
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

  /** Media only (IDENTITY_CALLERS), no member caller: the request names the member whose data is exported. */
  async exportMemberData(request: common.ExportPageRequest): Promise<common.ExportPage> {
    const { userId, part, cursor } = exportRequest(request, IDENTITY_EXPORT_PARTS);
    return toExportPage(await this.memberExport.page(userId, part, cursor));
  }
}

function toPasskeyMessage(passkey: Passkey): identity.Passkey {
  return {
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt.toISOString(),
    lastUsedAt: passkey.lastUsedAt?.toISOString() ?? '',
  };
}

function deviceOf(client: identity.ClientInfo | undefined): ClientDevice {
  return { userAgent: client?.userAgent ?? '', ip: client?.ip ?? '' };
}
