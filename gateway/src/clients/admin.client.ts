import { Caller, callerMetadata, createClientOnChannelOf, createGrpcClient, unaryCall } from '@aura/platform';
import { admin, common } from '@aura/proto';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';

/** Typed, promise-based calls to the admin service (support tickets, dashboard, moderation). */
@Injectable()
export class AdminClient implements OnModuleDestroy {
  private readonly client: admin.AdminServiceClient;
  private readonly health: common.HealthServiceClient;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.client = createGrpcClient(admin.AdminServiceClient, config.ADMIN_GRPC_URL);
    this.health = createClientOnChannelOf(common.HealthServiceClient, this.client);
  }

  dashboardStats(caller: Caller) {
    return unaryCall(this.client, this.client.getDashboardStats, {}, callerMetadata(caller));
  }

  dashboardHistory(caller: Caller, days: number) {
    return unaryCall(this.client, this.client.getDashboardHistory, { days }, callerMetadata(caller));
  }

  createTicket(caller: Caller, request: admin.CreateTicketRequest) {
    return unaryCall(this.client, this.client.createTicket, request, callerMetadata(caller));
  }

  listMyTickets(caller: Caller) {
    return unaryCall(this.client, this.client.listMyTickets, {}, callerMetadata(caller));
  }

  listTickets(caller: Caller, request: admin.ListTicketsRequest) {
    return unaryCall(this.client, this.client.listTickets, request, callerMetadata(caller));
  }

  respond(caller: Caller, request: admin.RespondRequest) {
    return unaryCall(this.client, this.client.respondToTicket, request, callerMetadata(caller));
  }

  setStatus(caller: Caller, request: admin.SetTicketStatusRequest) {
    return unaryCall(this.client, this.client.setTicketStatus, request, callerMetadata(caller));
  }

  createReport(caller: Caller, request: admin.CreateReportRequest) {
    return unaryCall(this.client, this.client.createReport, request, callerMetadata(caller));
  }

  listCases(caller: Caller, request: admin.ListCasesRequest) {
    return unaryCall(this.client, this.client.listCases, request, callerMetadata(caller));
  }

  getCase(caller: Caller, caseId: string) {
    return unaryCall(this.client, this.client.getCase, { caseId }, callerMetadata(caller));
  }

  actOnCase(caller: Caller, request: admin.ActOnCaseRequest) {
    return unaryCall(this.client, this.client.actOnCase, request, callerMetadata(caller));
  }

  liftRestriction(caller: Caller, request: admin.LiftRestrictionRequest) {
    return unaryCall(this.client, this.client.liftRestriction, request, callerMetadata(caller));
  }

  listModerationActions(caller: Caller, request: admin.ListModerationActionsRequest) {
    return unaryCall(this.client, this.client.listModerationActions, request, callerMetadata(caller));
  }

  checkHealth() {
    return unaryCall(this.health, this.health.check, {}, undefined, 2000);
  }

  onModuleDestroy(): void {
    this.client.close();
    this.health.close();
  }
}
