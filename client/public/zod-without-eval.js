// Zod compiles its parsers with `new Function` unless told not to. The shop's Content-Security-Policy forbids eval,
// and zod's probe for it is reported as a violation. A deferred classic script runs before the app's module
// scripts (same ordered list), so this is set before zod loads.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
