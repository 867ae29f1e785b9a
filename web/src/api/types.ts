// Friendly names for the generated OpenAPI schema (schema.d.ts is generated: `npm run api:client -w web`).
// When the gateway renames a schema, only this file changes.
import type { components } from './schema';

type Schemas = components['schemas'];

export type User = Schemas['UserResponse'];
export type UserRole = User['role'];
export type AuthResponse = Schemas['AuthResponse'];
export type LoginRequest = Schemas['LoginRequest'];
export type ChangePasswordRequest = Schemas['ChangePasswordRequest'];
export type DeviceSessionResponse = Schemas['DeviceSessionResponse'];
export type RegisterRequest = Schemas['RegisterRequest'];
export type ErrorBody = Schemas['ErrorResponse'];
