import { Caller, callerMetadata, createClientOnChannelOf, createGrpcClient, unaryCall } from '@aura/platform';
import { common, identity } from '@aura/proto';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';

/** Typed, promise-based calls to the identity service. Errors are gRPC ServiceErrors. */
@Injectable()
export class IdentityClient implements OnModuleDestroy {
  private readonly client: identity.IdentityServiceClient;
  private readonly health: common.HealthServiceClient;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.client = createGrpcClient(identity.IdentityServiceClient, config.IDENTITY_GRPC_URL);
    this.health = createClientOnChannelOf(common.HealthServiceClient, this.client);
  }

  register(request: identity.RegisterRequest) {
    return unaryCall(this.client, this.client.register, request);
  }

  login(request: identity.LoginRequest) {
    return unaryCall(this.client, this.client.login, request);
  }

  /** The second step of a sign-in (its token from `login`, and the member's code). */
  completeLogin(request: identity.CompleteLoginRequest) {
    return unaryCall(this.client, this.client.completeLogin, request);
  }

  beginSecondFactorPasskey(secondFactorToken: string) {
    return unaryCall(this.client, this.client.beginSecondFactorPasskey, { secondFactorToken });
  }

  completeLoginWithPasskey(request: identity.CompleteLoginWithPasskeyRequest) {
    return unaryCall(this.client, this.client.completeLoginWithPasskey, request);
  }

  requestPasswordReset(email: string) {
    return unaryCall(this.client, this.client.requestPasswordReset, { email });
  }

  resetPassword(request: identity.ResetPasswordRequest) {
    return unaryCall(this.client, this.client.resetPassword, request);
  }

  verifyEmail(token: string) {
    return unaryCall(this.client, this.client.verifyEmail, { token });
  }

  resendVerificationEmail(caller: Caller) {
    return unaryCall(this.client, this.client.resendVerificationEmail, {}, callerMetadata(caller));
  }

  listPasskeys(caller: Caller) {
    return unaryCall(this.client, this.client.listPasskeys, {}, callerMetadata(caller));
  }

  beginPasskeyRegistration(caller: Caller, password: string) {
    return unaryCall(this.client, this.client.beginPasskeyRegistration, { password }, callerMetadata(caller));
  }

  finishPasskeyRegistration(caller: Caller, request: identity.FinishPasskeyRegistrationRequest) {
    return unaryCall(this.client, this.client.finishPasskeyRegistration, request, callerMetadata(caller));
  }

  removePasskey(caller: Caller, request: identity.RemovePasskeyRequest) {
    return unaryCall(this.client, this.client.removePasskey, request, callerMetadata(caller));
  }

  beginPasskeySignIn() {
    return unaryCall(this.client, this.client.beginPasskeySignIn, {});
  }

  finishPasskeySignIn(request: identity.FinishPasskeySignInRequest) {
    return unaryCall(this.client, this.client.finishPasskeySignIn, request);
  }

  getTwoFactor(caller: Caller) {
    return unaryCall(this.client, this.client.getTwoFactor, {}, callerMetadata(caller));
  }

  beginTotpSetup(caller: Caller, password: string) {
    return unaryCall(this.client, this.client.beginTotpSetup, { password }, callerMetadata(caller));
  }

  enableTotp(caller: Caller, code: string) {
    return unaryCall(this.client, this.client.enableTotp, { code }, callerMetadata(caller));
  }

  renewRecoveryCodes(caller: Caller, password: string) {
    return unaryCall(this.client, this.client.renewRecoveryCodes, { password }, callerMetadata(caller));
  }

  disableTwoFactor(caller: Caller, request: identity.DisableTwoFactorRequest) {
    return unaryCall(this.client, this.client.disableTwoFactor, request, callerMetadata(caller));
  }

  refresh(refreshToken: string, client: identity.ClientInfo) {
    return unaryCall(this.client, this.client.refresh, { refreshToken, client });
  }

  logout(refreshToken: string) {
    return unaryCall(this.client, this.client.logout, { refreshToken });
  }

  /** The caller's own password (step-up before a withdrawal): PERMISSION_DENIED when wrong. */
  verifyPassword(caller: Caller, password: string) {
    return unaryCall(this.client, this.client.verifyPassword, { password }, callerMetadata(caller));
  }

  changePassword(caller: Caller, request: identity.ChangePasswordRequest) {
    return unaryCall(this.client, this.client.changePassword, request, callerMetadata(caller));
  }

  /** The caller's signed-in devices; `currentSessionId` (their token's session) is marked current. */
  scheduleAccountDeletion(caller: Caller, password: string) {
    return unaryCall(this.client, this.client.scheduleAccountDeletion, { password }, callerMetadata(caller));
  }

  listSessions(caller: Caller, currentSessionId: string) {
    return unaryCall(this.client, this.client.listSessions, { currentSessionId }, callerMetadata(caller));
  }

  endSessions(caller: Caller, request: identity.EndSessionsRequest) {
    return unaryCall(this.client, this.client.endSessions, request, callerMetadata(caller));
  }

  /** The member's current role, and whether the security policy keeps them out of admin views. */
  getAccess(userId: string, caller: Caller) {
    return unaryCall(this.client, this.client.getAccess, { userId }, callerMetadata(caller));
  }

  getSecurityPolicy(caller: Caller) {
    return unaryCall(this.client, this.client.getSecurityPolicy, {}, callerMetadata(caller));
  }

  setSecurityPolicy(caller: Caller, policy: identity.SecurityPolicy) {
    return unaryCall(this.client, this.client.setSecurityPolicy, policy, callerMetadata(caller));
  }

  getUser(userId: string, caller?: Caller) {
    return unaryCall(this.client, this.client.getUser, { userId }, callerMetadata(caller));
  }

  blockUser(caller: Caller, userId: string, reason: string) {
    return unaryCall(this.client, this.client.blockUser, { userId, reason }, callerMetadata(caller));
  }

  unblockUser(caller: Caller, userId: string) {
    return unaryCall(this.client, this.client.unblockUser, { userId }, callerMetadata(caller));
  }

  listBlocked(caller: Caller) {
    return unaryCall(this.client, this.client.listBlocked, {}, callerMetadata(caller));
  }

  isBlocked(userA: string, userB: string) {
    return unaryCall(this.client, this.client.isBlocked, { userA, userB }, callerMetadata());
  }

  updateProfile(caller: Caller, request: identity.UpdateProfileRequest) {
    return unaryCall(this.client, this.client.updateProfile, request, callerMetadata(caller));
  }

  viewProfile(caller: Caller, userId: string) {
    return unaryCall(this.client, this.client.viewProfile, { userId }, callerMetadata(caller));
  }

  createMoodCheckin(caller: Caller, request: identity.CreateMoodCheckinRequest) {
    return unaryCall(this.client, this.client.createMoodCheckin, request, callerMetadata(caller));
  }

  listMoodCheckins(caller: Caller, limit: number) {
    return unaryCall(
      this.client,
      this.client.listMoodCheckins,
      { userId: '', limit },
      callerMetadata(caller),
    );
  }

  createReflection(caller: Caller, request: identity.CreateReflectionRequest) {
    return unaryCall(this.client, this.client.createReflection, request, callerMetadata(caller));
  }

  /** userId '': the caller's own. */
  listReflections(caller: Caller, userId: string, limit: number) {
    return unaryCall(this.client, this.client.listReflections, { userId, limit }, callerMetadata(caller));
  }

  adminAdjustAura(caller: Caller, request: identity.AdminAdjustAuraRequest) {
    return unaryCall(this.client, this.client.adminAdjustAura, request, callerMetadata(caller));
  }

  getWellnessStats(caller: Caller) {
    return unaryCall(this.client, this.client.getWellnessStats, {}, callerMetadata(caller));
  }

  getMoodCalendar(caller: Caller, month: string) {
    return unaryCall(this.client, this.client.getMoodCalendar, { month }, callerMetadata(caller));
  }

  getMoodTrend(caller: Caller, days: number) {
    return unaryCall(this.client, this.client.getMoodTrend, { days }, callerMetadata(caller));
  }

  getWellnessStreaks(caller: Caller) {
    return unaryCall(this.client, this.client.getWellnessStreaks, {}, callerMetadata(caller));
  }

  exportWellness(caller: Caller) {
    return unaryCall(this.client, this.client.exportWellness, {}, callerMetadata(caller));
  }

  adminListUsers(caller: Caller, request: identity.AdminListUsersRequest) {
    return unaryCall(this.client, this.client.adminListUsers, request, callerMetadata(caller));
  }

  adminUpdateUser(caller: Caller, request: identity.AdminUpdateUserRequest) {
    return unaryCall(this.client, this.client.adminUpdateUser, request, callerMetadata(caller));
  }

  getSigningKeys() {
    return unaryCall(this.client, this.client.getSigningKeys, {}, undefined, 3000);
  }

  checkHealth() {
    return unaryCall(this.health, this.health.check, {}, undefined, 2000);
  }

  onModuleDestroy(): void {
    this.client.close();
    this.health.close();
  }
}
