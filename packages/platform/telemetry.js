// Entry point loaded before anything else in a service's main, so instrumentation can patch modules.
module.exports = require('./dist/src/telemetry/telemetry');
