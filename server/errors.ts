// What the domain refuses, as errors it throws: server/http/responses.ts is the one place that turns each
// into React Router's answer (status, headers, a redirect), for every loader and action (decision 034).

/** A refusal of the request as a whole: the route's error page shows `message`. */
export class DomainError extends Error {
  constructor(
    readonly kind: 'BadRequest' | 'NotSignedIn' | 'Forbidden' | 'NotFound',
    message: string,
  ) {
    super(message)
    this.name = kind
  }
}

/** The request makes no sense (an unknown intent, a query past its limit): 400. */
export const badRequest = (message: string) => new DomainError('BadRequest', message)
/** Nobody is signed in who could do this (a visitor's session ended): 401. */
export const notSignedIn = (message: string) => new DomainError('NotSignedIn', message)
/** Whoever is signed in may not do this: 403. */
export const forbidden = (message: string) => new DomainError('Forbidden', message)
/** What the request names does not exist: 404. */
export const notFound = (message: string) => new DomainError('NotFound', message)

/** A portal request for a host that is neither the deployment's nor a mapped custom domain: the "Company not found" page. */
export class CompanyNotFound extends Error {
  constructor() {
    super('Company not found')
    this.name = 'CompanyNotFound'
  }
}

/** Too many attempts in the window: try again after `retryAfterSeconds`. */
export class TooManyRequests extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message)
    this.name = 'TooManyRequests'
  }
}

/** A staff page asked for without a staff session: sign in, then come back to `returnTo` (path and query). */
export class StaffSignInRequired extends Error {
  constructor(readonly returnTo: string) {
    super('Staff sign-in required')
    this.name = 'StaffSignInRequired'
  }
}

/** A portal asked for at an address its org left (an old slug): it lives at `location` (path and query) now, for good. */
export class PortalMoved extends Error {
  constructor(readonly location: string) {
    super('Portal moved')
    this.name = 'PortalMoved'
  }
}

export type ThrownByDomain = DomainError | CompanyNotFound | TooManyRequests | StaffSignInRequired | PortalMoved

export function isThrownByDomain(error: unknown): error is ThrownByDomain {
  return (
    error instanceof DomainError || error instanceof CompanyNotFound || error instanceof TooManyRequests || error instanceof StaffSignInRequired || error instanceof PortalMoved
  )
}
