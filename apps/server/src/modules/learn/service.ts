import type { CompiledLearnContent } from '@tickerwise/shared';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import type { Auth } from '../auth/auth.ts';
import { planChangedChannel } from '../entitlements/service.ts';
import {
  type CertificateKeySource,
  CertificateSigner,
  Certificates,
  signingSeed,
} from './certificates.ts';
import { LearnService, learnerChangedChannel } from './learn-service.ts';
import { learnRoutes } from './routes.ts';

export { LearnService } from './learn-service.ts';

export interface LearnOptions {
  auth: Auth;
  database: Database;
  clock: Clock;
  content: CompiledLearnContent;
  /** Where the certificate signing key comes from (docs/decisions/0039). */
  signing: CertificateKeySource;
}

/** Learn: courses, lessons and quizzes (docs/PRODUCT.md §3.24, docs/decisions/0037). */
export async function registerLearn(
  app: FastifyInstance,
  { auth, database, clock, content, signing }: LearnOptions,
): Promise<LearnService> {
  const { db } = database;
  const learn = new LearnService({ db, clock, content });
  // What the service remembers of a learner is forgotten the moment their plan changes, or
  // another instance writes their progress (docs/decisions/0073).
  const unlistenPlans = await database.listen(planChangedChannel, (userId) =>
    learn.forgetLearner(userId),
  );
  const unlistenLearners = await database.listen(learnerChangedChannel, (payload) => {
    const [instance, userId] = payload.split(' ');
    if (instance !== learn.instance && userId) learn.forgetLearner(userId);
  });
  const unrestored = database.onListenRestored(() => learn.forgetLearners());
  app.addHook('onClose', async () => {
    unrestored();
    await unlistenPlans();
    await unlistenLearners();
  });
  const signer = new CertificateSigner(await signingSeed(signing), signing.retiredPublicKeys);
  const certificates = new Certificates(db, clock, signer, content.courses);
  await app.register(learnRoutes, { auth, learn, certificates });
  return learn;
}
