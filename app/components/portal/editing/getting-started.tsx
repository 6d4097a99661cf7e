import { Form, Link, useLocation } from 'react-router'
import { GETTING_STARTED_LABELS, type GettingStartedView } from '~/lib/getting-started'

/** Main mode, staff with the settings permission: the first steps after setup, each ticked from the org's data. */
export function GettingStarted({ checklist }: { checklist: GettingStartedView }) {
  const location = useLocation()
  const done = checklist.steps.filter((step) => step.done).length
  return (
    <section className="getting-started panel" aria-labelledby="getting-started-title">
      <div className="getting-started__head">
        <h2 id="getting-started-title">Getting started</h2>
        <p className="field__hint">
          {done} of {checklist.steps.length} done
        </p>
        <Form method="post" action={checklist.dismissAction}>
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <button type="submit" className="button button--small button--secondary">
            Dismiss
          </button>
        </Form>
      </div>
      <ol className="getting-started__steps">
        {checklist.steps.map(({ step, done: stepDone, href }) => (
          <li key={step} className={stepDone ? 'getting-started__step getting-started__step--done' : 'getting-started__step'}>
            <span className="getting-started__mark" aria-hidden="true">
              {stepDone ? '✓' : '○'}
            </span>
            <span>
              {GETTING_STARTED_LABELS[step].label}
              <span className="visually-hidden">{stepDone ? ' (done)' : ' (to do)'}</span>
            </span>
            <Link to={href} className="getting-started__link">
              {GETTING_STARTED_LABELS[step].action}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  )
}
