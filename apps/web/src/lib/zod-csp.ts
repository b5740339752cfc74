import { config } from 'zod';

// Our Content-Security-Policy allows no `eval` (script-src 'self'). zod compiles a fast parser
// for each object schema with `new Function` unless told not to, and tries it the moment a
// schema is built: under the policy that try is a violation the browser reports (Lighthouse's
// "Issues were logged" on every page that loaded a schema). Imported first by the modules that
// bring schemas to a page (the app's entry, and the two chunks of the public pages that parse
// an answer), so no schema is built before it runs.
config({ jitless: true });
