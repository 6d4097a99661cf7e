// An action's answer as the domain gives it: the data its form shows, with the status (and headers) the
// answer carries, e.g. a 400 with the submission's field errors. The route hands it to `respond`
// (server/http/responses.ts), which makes React Router's `data()` of it (decision 034).

export interface ReplyInit {
  status?: number
  headers?: Record<string, string>
}

export class Reply<T> {
  constructor(
    readonly data: T,
    readonly init: ReplyInit = {},
  ) {}
}

export const reply = <T>(data: T, init: ReplyInit = {}) => new Reply(data, init)
