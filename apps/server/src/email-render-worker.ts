// A worker thread that renders emails (started by `modules/email/render-pool.ts`; bundled as
// dist/email-render-worker.js next to dist/main.js).
import { emailTemplates } from './email-templates.ts';
import { serveEmailRenders } from './modules/email/render-worker.ts';

serveEmailRenders(emailTemplates);
