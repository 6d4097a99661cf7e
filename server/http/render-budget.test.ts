import { describe, expect, it } from 'vitest'
import { createRenderBudget, createRenderGate } from './render-budget'

/** A budget on a clock the test moves. */
function budgetAt(options: { burst?: number; perSecond?: number; maxClients?: number } = {}) {
  let at = 0
  const budget = createRenderBudget({ burst: 30, perSecond: 2, ...options, now: () => at })
  return { budget, advance: (ms: number) => (at += ms) }
}

describe('the anonymous render budget', () => {
  it('gives a client its burst, then refuses with the seconds until the next render', () => {
    const { budget } = budgetAt({ burst: 3, perSecond: 2 })
    expect([budget.take('203.0.113.7'), budget.take('203.0.113.7'), budget.take('203.0.113.7')]).toEqual([0, 0, 0])
    expect(budget.take('203.0.113.7')).toBe(1)
  })

  it('refills at its rate, never past the burst', () => {
    const { budget, advance } = budgetAt({ burst: 2, perSecond: 2 })
    budget.take('203.0.113.7')
    budget.take('203.0.113.7')
    expect(budget.take('203.0.113.7')).toBeGreaterThan(0)
    advance(500)
    expect(budget.take('203.0.113.7')).toBe(0)
    expect(budget.take('203.0.113.7')).toBeGreaterThan(0)
    advance(60_000)
    expect([budget.take('203.0.113.7'), budget.take('203.0.113.7'), budget.take('203.0.113.7')]).toEqual([0, 0, 1])
  })

  it('says how long to wait at a slow rate', () => {
    const { budget } = budgetAt({ burst: 1, perSecond: 0.1 })
    budget.take('203.0.113.7')
    expect(budget.take('203.0.113.7')).toBe(10)
  })

  it('counts each client apart, an IPv6 /64 as one', () => {
    const { budget } = budgetAt({ burst: 1 })
    expect(budget.take('203.0.113.7')).toBe(0)
    expect(budget.take('203.0.113.8')).toBe(0)
    expect(budget.take('2001:db8:1:2::1')).toBe(0)
    expect(budget.take('2001:db8:1:2:ffff::9')).toBeGreaterThan(0)
    expect(budget.take('2001:db8:1:3::1')).toBe(0)
  })

  it('never counts this machine itself', () => {
    const { budget } = budgetAt({ burst: 1 })
    for (let i = 0; i < 100; i++) expect(budget.take(i % 2 ? '127.0.0.1' : '::1')).toBe(0)
  })

  it('forgets the oldest clients beyond its size, keeping a recent one', () => {
    const { budget } = budgetAt({ burst: 1, maxClients: 3 })
    budget.take('198.51.100.1')
    budget.take('198.51.100.2')
    budget.take('198.51.100.3')
    budget.take('198.51.100.1') // seen again: now the newest, refused
    budget.take('198.51.100.4') // pushes out .2
    expect(budget.take('198.51.100.2')).toBe(0)
    expect(budget.take('198.51.100.1')).toBeGreaterThan(0)
  })
})

describe('the gate of renders for requests without a session', () => {
  it('lets a few run at once, queues some in order, and refuses the rest at once', async () => {
    const gate = createRenderGate({ concurrent: 2, queued: 2 })
    const first = await gate.enter()
    const second = await gate.enter()
    const order: string[] = []
    const third = gate.enter().then((exit) => (order.push('third'), exit))
    const fourth = gate.enter().then((exit) => (order.push('fourth'), exit))
    expect(await gate.enter()).toBeNull()
    expect(gate.load).toEqual({ running: 2, waiting: 2 })
    first!()
    first!() // a second call frees nothing more
    const thirdExit = await third
    expect(order).toEqual(['third'])
    expect(gate.load).toEqual({ running: 2, waiting: 1 })
    second!()
    const fourthExit = await fourth
    expect(order).toEqual(['third', 'fourth'])
    thirdExit!()
    fourthExit!()
    expect(gate.load).toEqual({ running: 0, waiting: 0 })
    expect(await gate.enter()).not.toBeNull()
  })
})
