import { Caller, Forbidden, Unauthenticated } from '@aura/platform';
import { TicketMessages } from '../support/ticket-rules';

/** The signed-in member making the call (UNAUTHENTICATED without one). */
export function requireCaller(caller: Caller | undefined): Caller {
  if (!caller) throw new Unauthenticated('Not authenticated');
  return caller;
}

/** An admin or super admin making the call (PERMISSION_DENIED "Admin access required" otherwise). */
export function requireAdmin(caller: Caller | undefined): Caller {
  const who = requireCaller(caller);
  if (who.role !== 'admin' && who.role !== 'super_admin') throw new Forbidden(TicketMessages.notAdmin);
  return who;
}
