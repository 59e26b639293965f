// What `import … from 'zod'` resolves to in the web build (web/vite.config.ts). The portal's Content-Security-Policy
// forbids eval; zod probes for it when it builds its first object schema, and even the caught probe is reported as
// a violation. Configured here, between zod's own module and every module that imports it, nothing probes.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default, default as z } from 'zod/v4';
