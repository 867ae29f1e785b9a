// Friendly names for the generated OpenAPI schema (schema.d.ts is generated: `npm run api:client -w web`).
// When the gateway renames a schema, only this file changes.
import type { components } from './schema';

type Schemas = components['schemas'];

export type User = Schemas['UserResponse'];
export type UserRole = User['role'];
export type AuthResponse = Schemas['AuthResponse'];
export type LoginRequest = Schemas['LoginRequest'];
/** What POST /api/auth/login asks of a member with two-factor authentication instead of signing in. */
export type SecondFactorChallenge = Schemas['SecondFactorRequiredResponse'];
/** POST /api/auth/login answers either a session or a second-factor challenge. */
export type LoginAnswer = AuthResponse | SecondFactorChallenge;
export type SecondFactorLoginRequest = Schemas['SecondFactorLoginRequest'];
export type TwoFactorStatus = Schemas['TwoFactorStatusResponse'];
export type TotpSetup = Schemas['TotpSetupResponse'];
export type RecoveryCodes = Schemas['RecoveryCodesResponse'];
export type PasswordConfirmationRequest = Schemas['PasswordConfirmationRequest'];
export type EnableTotpRequest = Schemas['EnableTotpRequest'];
export type DisableTwoFactorRequest = Schemas['DisableTwoFactorRequest'];
export type ChangePasswordRequest = Schemas['ChangePasswordRequest'];
export type DeviceSessionResponse = Schemas['DeviceSessionResponse'];
export type RegisterRequest = Schemas['RegisterRequest'];
export type ErrorBody = Schemas['ErrorResponse'];
export type ResetPasswordRequest = Schemas['ResetPasswordRequest'];
/** POST /api/auth/account/delete: the date the account will be deleted, and the member's message. */
export type AccountDeletion = Schemas['AccountDeletionResponse'];
/** A passkey (WebAuthn credential) of the member (GET /api/auth/passkeys). */
export type Passkey = Schemas['PasskeyResponse'];
/** What a passkey ceremony starts from: `options` for @simplewebauthn/browser, `ceremony_id` to send back. */
export type WebAuthnOptions = Schemas['WebAuthnOptionsResponse'];
export type FinishPasskeyRegistrationRequest = Schemas['FinishPasskeyRegistrationRequest'];
export type FinishPasskeySignInRequest = Schemas['FinishPasskeySignInRequest'];
/** A suspension or ban in force (GET /api/auth/me `restriction`; null when there is none). */
export type Restriction = Schemas['RestrictionResponse'];
/** POST /api/reports: what a member reports, why, and the receipt. */
export type ReportBody = Schemas['ReportBody'];
export type ReportTargetType = ReportBody['target_type'];
export type ReportReason = ReportBody['reason'];
export type ReportReceipt = Schemas['ReportReceiptResponse'];
/** The moderation queue (GET /api/admin/moderation/cases, /cases/{id}, /actions). */
export type ModerationCase = Schemas['ModerationCaseResponse'];
export type ModerationCasePage = Schemas['ModerationCasePageResponse'];
export type ModerationCaseDetail = Schemas['ModerationCaseDetailResponse'];
export type ModerationReport = Schemas['ModerationReportResponse'];
export type ModerationAction = Schemas['ModerationActionResponse'];
export type ModerationActionPage = Schemas['ModerationActionPageResponse'];
/** POST /api/admin/moderation/cases/{id}/actions. */
export type CaseActionBody = Schemas['CaseActionBody'];
export type ModerationActionKind = CaseActionBody['action'];
