/**
 * What `run` resolves to, and how many turns of the event loop (a chain of setImmediate callbacks) ran
 * while it was in flight. Work held on the main thread lets no turn through until it ends; work in a worker
 * thread leaves the loop turning. A count of events, not a duration: it does not depend on the machine's load.
 * (The figures in milliseconds are printed by `npm run bench:uploads`, never asserted in a test.)
 */
export async function turnsWhile<T>(run: () => Promise<T>) {
  let turns = 0
  let inFlight = true
  const turn = () => {
    if (!inFlight) return
    turns++
    setImmediate(turn)
  }
  setImmediate(turn)
  try {
    const result = await run()
    return { result, turns }
  } finally {
    inFlight = false
  }
}
