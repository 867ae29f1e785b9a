import { MONGO } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { Connection, Model, Schema } from 'mongoose';

/** The community's account-security rules that a super admin sets: one document. */
interface SecurityPolicyDoc {
  _id: 'security';
  require_admin_two_factor: boolean;
  updated_by: string;
  updated_at: Date;
}

const securityPolicySchema = new Schema<SecurityPolicyDoc>(
  {
    _id: { type: String, required: true },
    require_admin_two_factor: { type: Boolean, default: false },
    updated_by: { type: String, default: '' },
    updated_at: { type: Date, required: true },
  },
  { collection: 'security_policy', versionKey: false, autoIndex: false },
);

export interface SecurityPolicy {
  requireAdminTwoFactor: boolean;
}

@Injectable()
export class SecurityPolicyRepository {
  private readonly model: Model<SecurityPolicyDoc>;

  constructor(@Inject(MONGO) connection: Connection) {
    this.model =
      (connection.models.SecurityPolicy as Model<SecurityPolicyDoc>) ??
      connection.model<SecurityPolicyDoc>('SecurityPolicy', securityPolicySchema);
  }

  /** The policy; all off until a super admin sets it. */
  async get(): Promise<SecurityPolicy> {
    const doc = await this.model.findById('security').lean<SecurityPolicyDoc>().exec();
    return { requireAdminTwoFactor: doc?.require_admin_two_factor ?? false };
  }

  async set(policy: SecurityPolicy, by: string, now = new Date()): Promise<SecurityPolicy> {
    await this.model
      .updateOne(
        { _id: 'security' },
        { $set: { require_admin_two_factor: policy.requireAdminTwoFactor, updated_by: by, updated_at: now } },
        { upsert: true },
      )
      .exec();
    return this.get();
  }
}
