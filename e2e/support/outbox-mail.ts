import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The first link matching `link` in the newest email to `address` (with `subject`, if given):
 * the e2e server has no SMTP_URL, so its mail is written as .eml files to DATA_DIR/outbox (the
 * server sends within seconds). Waits up to 20 s for it.
 */
export async function linkInMail(
  address: string,
  link: RegExp,
  { subject }: { subject?: string } = {},
): Promise<string> {
  const folder = join(process.env.E2E_DATA_DIR as string, 'outbox');
  for (let wait = 0; wait < 40; wait++) {
    const files = await readdir(folder).catch(() => [] as string[]);
    for (const file of files.sort().reverse()) {
      // The text part is quoted-printable: undo its soft line breaks and escapes.
      const message = (await readFile(join(folder, file), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (!message.includes(`To: ${address}`)) continue;
      if (subject !== undefined && !message.includes(`Subject: ${subject}`)) continue;
      const found = link.exec(message);
      if (found) return found[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`No email with a link ${link} came for ${address}`);
}
