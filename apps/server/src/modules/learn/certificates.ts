import {
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  randomBytes,
  randomUUID,
  sign,
  verify,
} from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompiledCourse, CourseCertificate, PublicCertificate } from '@tickerwise/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { learnCertificates, learnCourseStarts } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';

/** Who issues the certificates: the name the public page and the signed payload carry. */
export const certificateIssuer = 'Tickerwise';

/** Where the embedded default keeps its generated signing key, in DATA_DIR. */
export const signingKeyFileName = 'certificate-signing.key';

const seedPattern = /^[A-Za-z0-9_-]{43}$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** PKCS #8 DER of an Ed25519 private key, up to its 32-byte seed (RFC 8410). */
const ed25519Pkcs8Prefix = Buffer.from('302e020100300506032b657004220420', 'hex');

const missingCertificate = () => notFound('This certificate does not exist.');

/**
 * The signing key's seed: `CERTIFICATE_SIGNING_KEY` when set; otherwise made once and kept, on
 * the embedded database in `DATA_DIR/certificate-signing.key` (mode 0600), on PostgreSQL in the
 * database, which every instance shares (docs/decisions/0039).
 */
export async function signingSeed(options: CertificateKeySource): Promise<string> {
  if (options.configured) return options.configured;
  if (!options.databaseUrl && options.dataDir) return seedFile(options.dataDir);
  return options.stored();
}

export interface CertificateKeySource {
  configured: string | undefined;
  /** Public keys (base64url) of earlier signing keys, still trusted for what they signed. */
  retiredPublicKeys: readonly string[];
  dataDir: string;
  databaseUrl: string | undefined;
  /** A random seed made once and kept in the database (every instance reads the same). */
  stored: () => Promise<string>;
}

function seedFile(dataDir: string): string {
  const file = join(dataDir, signingKeyFileName);
  const read = () => {
    const seed = readFileSync(file, 'utf8').trim();
    if (!seedPattern.test(seed)) {
      throw new Error(`${file} does not hold a certificate signing key (43 base64url characters)`);
    }
    return seed;
  };
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const seed = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, `${seed}\n`, { mode: 0o600, flag: 'wx' });
    return seed;
  } catch (error) {
    // Written by another start in the meantime: that one is the key.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  }
}

/** An Ed25519 public key from its raw 32 bytes in base64url. */
function publicKeyOf(text: string): KeyObject {
  const bytes = Buffer.from(text, 'base64url');
  if (bytes.length !== 32) throw new Error('An Ed25519 public key is 32 bytes');
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: text }, format: 'jwk' });
}

/**
 * Ed25519 signatures over a certificate's canonical payload: made with the current key, and
 * checked against it and against the retired keys, so that rotating the key (a new
 * `CERTIFICATE_SIGNING_KEY`, the old public key added to `CERTIFICATE_RETIRED_PUBLIC_KEYS`)
 * leaves every earlier certificate verified. A key that leaked is not retired but dropped: what
 * it signed then reads as not verified, and its holders can issue their certificate again.
 */
export class CertificateSigner {
  private readonly privateKey: KeyObject;
  /** The current public key first, then the retired ones, with their text. */
  private readonly trusted: { key: KeyObject; text: string }[];
  /** The current raw 32-byte public key, base64url: what anyone checks a new signature with. */
  readonly publicKeyText: string;

  constructor(seed: string, retiredPublicKeys: readonly string[] = []) {
    const bytes = Buffer.from(seed, 'base64url');
    if (bytes.length !== 32) throw new Error('A certificate signing key is 32 bytes');
    this.privateKey = createPrivateKey({
      key: Buffer.concat([ed25519Pkcs8Prefix, bytes]),
      format: 'der',
      type: 'pkcs8',
    });
    const publicKey = createPublicKey(this.privateKey);
    this.publicKeyText = String(publicKey.export({ format: 'jwk' }).x);
    this.trusted = [
      { key: publicKey, text: this.publicKeyText },
      ...retiredPublicKeys
        .filter((text) => text !== this.publicKeyText)
        .map((text) => ({ key: publicKeyOf(text), text })),
    ];
  }

  sign(payload: string): string {
    return sign(null, Buffer.from(payload), this.privateKey).toString('base64url');
  }

  /** The public key (base64url) under which `signature` holds, or null when none does. */
  signerOf(payload: string, signature: string): string | null {
    const bytes = Buffer.from(signature, 'base64url');
    if (bytes.length !== 64) return null;
    const data = Buffer.from(payload);
    return this.trusted.find(({ key }) => verify(null, data, key, bytes))?.text ?? null;
  }
}

/**
 * What is signed: one line of JSON with its keys in this fixed order, so the same certificate
 * always gives the same bytes. Changing any of these (the shown name in the database, the
 * course's title in the content) makes the stored signature fail.
 */
export function certificatePayload(fields: {
  id: string;
  courseId: string;
  courseTitle: string;
  displayName: string;
  issuedAt: Date;
}): string {
  return JSON.stringify({
    v: 1,
    issuer: certificateIssuer,
    id: fields.id,
    courseId: fields.courseId,
    courseTitle: fields.courseTitle,
    displayName: fields.displayName,
    issuedAt: fields.issuedAt.toISOString(),
  });
}

type Row = typeof learnCertificates.$inferSelect;

const ownView = (row: Row): CourseCertificate => ({
  id: row.id,
  displayName: row.displayName,
  issuedAt: row.issuedAt.toISOString(),
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/** Issues, revokes and checks course certificates (docs/PRODUCT.md §3.24). */
export class Certificates {
  private readonly courseById: Map<string, CompiledCourse>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly signer: CertificateSigner,
    courses: CompiledCourse[],
  ) {
    this.courseById = new Map(courses.map((course) => [course.id, course]));
  }

  private async current(userId: string, courseId: string): Promise<Row | undefined> {
    const [row] = await this.db
      .select()
      .from(learnCertificates)
      .where(
        and(
          eq(learnCertificates.userId, userId),
          eq(learnCertificates.courseId, courseId),
          isNull(learnCertificates.revokedAt),
        ),
      );
    return row;
  }

  /**
   * The user's certificate of a completed course: the one already issued unless revoked,
   * otherwise a new one showing `displayName`. 409 before the course is completed.
   */
  async issue(
    userId: string,
    courseId: string,
    displayName: string,
  ): Promise<{ certificate: CourseCertificate; created: boolean }> {
    const course = this.courseById.get(courseId);
    if (!course) throw notFound('This course does not exist.');
    const existing = await this.current(userId, courseId);
    if (existing) return { certificate: ownView(existing), created: false };
    const [start] = await this.db
      .select({ completedAt: learnCourseStarts.completedAt })
      .from(learnCourseStarts)
      .where(and(eq(learnCourseStarts.userId, userId), eq(learnCourseStarts.courseId, courseId)));
    if (!start?.completedAt) {
      throw new AppError(
        409,
        'course_not_completed',
        'Complete every lesson of this course to get its certificate.',
      );
    }
    const id = randomUUID();
    const issuedAt = this.clock();
    const signature = this.signer.sign(
      certificatePayload({ id, courseId, courseTitle: course.title, displayName, issuedAt }),
    );
    try {
      const [row] = await this.db
        .insert(learnCertificates)
        .values({ id, userId, courseId, displayName, issuedAt, signature })
        .returning();
      return { certificate: ownView(row!), created: true };
    } catch (error) {
      // Asked twice at once: the other request issued it.
      if (!isUniqueViolation(error)) throw error;
      const issued = await this.current(userId, courseId);
      if (!issued) throw error;
      return { certificate: ownView(issued), created: false };
    }
  }

  /** Revokes one of the user's certificates; another user's, or an unknown id, is a 404. */
  async revoke(userId: string, id: string): Promise<CourseCertificate> {
    if (!uuidPattern.test(id)) throw missingCertificate();
    const [revoked] = await this.db
      .update(learnCertificates)
      .set({ revokedAt: this.clock() })
      .where(
        and(
          eq(learnCertificates.id, id),
          eq(learnCertificates.userId, userId),
          isNull(learnCertificates.revokedAt),
        ),
      )
      .returning();
    if (revoked) return ownView(revoked);
    const [already] = await this.db
      .select()
      .from(learnCertificates)
      .where(and(eq(learnCertificates.id, id), eq(learnCertificates.userId, userId)));
    if (!already) throw missingCertificate();
    return ownView(already);
  }

  /** The public view of a certificate, with the signature checked here on the server. */
  async publicView(id: string): Promise<PublicCertificate> {
    if (!uuidPattern.test(id)) throw missingCertificate();
    const [row] = await this.db
      .select()
      .from(learnCertificates)
      .where(eq(learnCertificates.id, id));
    if (!row) throw missingCertificate();
    // A course taken out of the content keeps its id as its title: the signature then fails.
    const courseTitle = this.courseById.get(row.courseId)?.title ?? row.courseId;
    const payload = certificatePayload({ ...row, courseTitle });
    const signer = this.signer.signerOf(payload, row.signature);
    const status = row.revokedAt ? 'revoked' : signer ? 'verified' : 'invalid';
    return {
      id: row.id,
      courseId: row.courseId,
      courseTitle,
      displayName: row.displayName,
      issuedAt: row.issuedAt.toISOString(),
      status,
      revokedAt: row.revokedAt?.toISOString() ?? null,
      issuer: certificateIssuer,
      signature: row.signature,
      // The key it was signed with, current or retired; the current one when none holds.
      publicKey: signer ?? this.signer.publicKeyText,
      payload,
    };
  }
}
