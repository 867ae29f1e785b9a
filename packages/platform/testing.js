// Helpers for tests against the real local infrastructure (@aura/platform/testing).
module.exports = require('./dist/src/testing');
