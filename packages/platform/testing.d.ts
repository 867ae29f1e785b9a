export * from './dist/src/testing';
