/**
 * A round of background work run every `intervalMs`, or soon after a kick, never two at once: a kick during
 * a round runs one more right after it. The timer never keeps the process alive on its own (tests, CLI
 * scripts, graceful shutdown). `round` must not throw: it logs its own failures.
 */
export function startBackgroundLoop(round: (stopped: () => boolean) => Promise<void>, options: { intervalMs: number; kickDelayMs: number }) {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let again = false

  function schedule(delay: number) {
    if (stopped) return
    clearTimeout(timer)
    timer = setTimeout(tick, delay)
    timer.unref()
  }

  function tick() {
    timer = undefined
    if (running) {
      again = true
      return
    }
    running = round(() => stopped).finally(() => {
      running = undefined
      const soon = again
      again = false
      schedule(soon ? 0 : options.intervalMs)
    })
  }

  schedule(0)
  return {
    /** Stops scheduling and resolves once the round in flight, if any, is done. */
    async stop() {
      stopped = true
      clearTimeout(timer)
      timer = undefined
      await running
    },
    /** Runs a round soon (debounced). */
    kick() {
      if (stopped) return
      if (running) again = true
      else schedule(options.kickDelayMs)
    },
  }
}
