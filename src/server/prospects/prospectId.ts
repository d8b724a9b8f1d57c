import { randomBytes } from 'node:crypto';

const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'; // no 0/O, 1/I: read over the phone

/** A short prospect id an agent can read out: "SME" + 10 characters (50 bits of randomness). */
export function newProspectId(): string {
  const bytes = randomBytes(10);
  let id = 'SME';
  for (const b of bytes) id += ALPHABET[b % 32];
  return id;
}
