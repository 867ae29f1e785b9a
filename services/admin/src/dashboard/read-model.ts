// The read model's repository is read-model.repository.ts. This module stays for
// scripts/bench/scale/admin.mjs, which loads DashboardReadModel from dashboard/read-model.js.
export { DashboardReadModel } from './read-model.repository';
