export const GATEWAY_LOGGER = Symbol('GatewayLogger');
export const GATEWAY_REDIS = Symbol('GatewayRedis');
