// Seals saved environment variable values: AES-256-GCM under a key derived (HKDF-SHA256) from the
// server secret with its own label, a fresh 12-byte nonce per value, and the project id and key as
// associated data, so a row copied to another project or key fails to open instead of leaking.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const INFO = 'botwright env vars v1';
const NONCE_BYTES = 12;
/** Full-length tags only: a shortened tag would be easier to forge. */
const TAG_BYTES = 16;

export type SealedValue = { ciphertext: Buffer; nonce: Buffer; tag: Buffer };

/** Where a value belongs; bound into the tag, so it cannot be moved. */
export type ValuePlace = { projectId: string; key: string };

/** Thrown when a sealed value does not open: wrong place, edited bytes or another server secret. */
export class SealedValueError extends Error {}

export type SecretBox = {
  seal(place: ValuePlace, value: string): SealedValue;
  open(place: ValuePlace, sealed: SealedValue): string;
};

// Ids and keys never hold a newline (their schemas say so), so the pair reads back one way only.
const aad = ({ projectId, key }: ValuePlace) => Buffer.from(`${projectId}\n${key}`, 'utf8');

export function secretBox(serverSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), INFO, 32));
  return {
    seal(place, value) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad(place));
      const ciphertext = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      return { ciphertext, nonce, tag: cipher.getAuthTag() };
    },
    open(place, sealed) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, sealed.nonce, { authTagLength: TAG_BYTES });
        decipher.setAAD(aad(place));
        decipher.setAuthTag(sealed.tag);
        return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]).toString('utf8');
      } catch {
        // The cause says nothing useful and nothing about the value is allowed out.
        throw new SealedValueError(`The saved value of ${place.key} could not be decrypted`);
      }
    },
  };
}
