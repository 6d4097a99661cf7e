// Types of tests/fakes/anthropic.js.
export interface RecordedRequest {
  path: string
  authorization: string | null
  apiKey: string | null
  body: {
    model: string
    max_tokens: number
    stream?: boolean
    system?: string
    messages: { role: string; content: string }[]
  }
}

export interface FakeAnthropic {
  url: string
  requests: RecordedRequest[]
  /** The text the next answers stream, in pieces; a function gets the request to answer from. */
  reply: string | ((request: RecordedRequest) => string)
  /** 'error': the API answers 500; 'drop': it closes the stream half-way. */
  failure: null | 'error' | 'drop'
  close(): Promise<void>
}

export function startFakeAnthropic(): Promise<FakeAnthropic>
/** Every prompt the fake received, as one string per request (system and messages). */
export function promptsOf(fake: FakeAnthropic): string[]
