import type { ViewerMode } from '../access/visibility'

/**
 * Whether a viewer is offered AI answers (spec: search-ai-and-widgets, section 4): an Anthropic key, the
 * org's setting, and an account's view of the portal: a member (AccountExternal) or staff previewing an
 * account or profile. Never in Main or Public mode.
 */
export function answersOffered(facts: { key: boolean; enabled: boolean; mode: ViewerMode }) {
  return facts.key && facts.enabled && (facts.mode === 'AccountExternal' || facts.mode === 'Preview')
}
