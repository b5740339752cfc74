import type { CompiledLearnContent } from '@tickerwise/shared';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { Auth } from '../auth/auth.ts';
import {
  type CertificateKeySource,
  CertificateSigner,
  Certificates,
  signingSeed,
} from './certificates.ts';
import { LearnService } from './learn-service.ts';
import { learnRoutes } from './routes.ts';

export { LearnService } from './learn-service.ts';

export interface LearnOptions {
  auth: Auth;
  db: Db;
  clock: Clock;
  content: CompiledLearnContent;
  /** Where the certificate signing key comes from (docs/decisions/0039). */
  signing: CertificateKeySource;
}

/** Learn: courses, lessons and quizzes (docs/PRODUCT.md §3.24, docs/decisions/0037). */
export async function registerLearn(
  app: FastifyInstance,
  { auth, db, clock, content, signing }: LearnOptions,
): Promise<LearnService> {
  const learn = new LearnService({ db, clock, content });
  const signer = new CertificateSigner(await signingSeed(signing), signing.retiredPublicKeys);
  const certificates = new Certificates(db, clock, signer, content.courses);
  await app.register(learnRoutes, { auth, learn, certificates });
  return learn;
}
