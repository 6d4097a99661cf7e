import { hash, verify, type Algorithm } from '@node-rs/argon2'

// Algorithm is a const enum, which verbatimModuleSyntax cannot import as a value: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm.Argon2id

export function hashPassword(password: string) {
  return hash(password, { algorithm: ARGON2ID })
}

export function verifyPassword(passwordHash: string, password: string) {
  return verify(passwordHash, password).catch(() => false)
}
