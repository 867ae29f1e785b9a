export * from './events';
export * as common from './gen/aura/common/v1/common';
export * as identity from './gen/aura/identity/v1/identity';
export * as identityEvents from './gen/aura/identity/v1/events';
export * as media from './gen/aura/media/v1/media';
export * as mediaEvents from './gen/aura/media/v1/events';
export { default as topics } from '../topics.json';
