// Overview: the welcome text at the top of the trust center.

import { defineItems } from './define'
import type { CatalogueItem } from './types'

export const OVERVIEW_ITEMS: readonly CatalogueItem[] = defineItems('Overview', [
  {
    uid: 'overview',
    title: 'Overview',
    short: 'Write a short welcome that introduces your company and its approach to security.',
    long: 'This text opens your trust center, so say in a few sentences who you are, what your product does and how you protect customer data. Mention your main certifications and how to contact your security team. If you leave it empty, a default welcome with your organisation name is shown.',
  },
])
