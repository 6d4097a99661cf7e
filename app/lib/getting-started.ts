// The "Getting started" checklist staff see on their portal in Main mode after setup (issue 23).

export const GETTING_STARTED_STEPS = ['logo', 'certification', 'document', 'access', 'publish'] as const
export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[number]

export const GETTING_STARTED_LABELS: Record<GettingStartedStep, { label: string; action: string }> = {
  logo: { label: 'Add your logo', action: 'Company settings' },
  certification: { label: 'Add your first certification', action: 'Certifications' },
  document: { label: 'Upload your first document', action: 'Documents' },
  access: { label: 'Review the access settings', action: 'Access settings' },
  publish: { label: 'Publish your trust center', action: 'Your portal' },
}

export interface GettingStartedView {
  steps: { step: GettingStartedStep; done: boolean; href: string }[]
  /** Where the dismiss form posts. */
  dismissAction: string
}

/** The path the checklist's dismiss form posts to (settings permission). */
export const GETTING_STARTED_DISMISS_PATH = '/settings/getting-started'
