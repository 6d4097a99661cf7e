/**
 * What `run` resolves to, and the longest the event loop was held meanwhile: a timer every 5 ms that
 * comes late by that much. For tests that some work runs off the main thread.
 */
export async function longestHold<T>(run: () => Promise<T>) {
  let last = performance.now()
  let longest = 0
  const ticker = setInterval(() => {
    const now = performance.now()
    longest = Math.max(longest, now - last)
    last = now
  }, 5)
  try {
    return { result: await run(), longest }
  } finally {
    clearInterval(ticker)
  }
}
