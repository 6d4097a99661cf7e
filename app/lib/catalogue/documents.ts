// Documents: generic uploads that belong to no other card.

import { defineItems } from './define'
import type { CatalogueItem } from './types'

/** Item types offered for documents; each catalogue item starts with one of them. */
export const DOCUMENT_ITEM_TYPES = ['Diagram', 'Whitepaper', 'Certificate', 'Other'] as const

export type DocumentItemType = (typeof DOCUMENT_ITEM_TYPES)[number]

export const DOCUMENT_ITEMS: readonly CatalogueItem[] = defineItems('Documents', [
  {
    uid: 'security-whitepaper',
    title: 'Security whitepaper',
    itemType: 'Whitepaper' satisfies DocumentItemType,
    short: 'Upload a whitepaper that gives an overview of your security programme.',
    long: 'A whitepaper answers many questions before a buyer asks them, covering your organisation, infrastructure, data protection, application security and compliance in one place. Reviewers value specifics over marketing language. Date it, keep it consistent with your reports and policies and review it at least once a year.',
  },
  {
    uid: 'architecture-diagram',
    title: 'Architecture diagram',
    itemType: 'Diagram' satisfies DocumentItemType,
    short: 'Upload a high-level diagram of how your service is built and hosted.',
    long: 'Reviewers use an architecture diagram to understand trust boundaries, where customer data is stored and which third parties are involved. Show the main components, networks and security controls without exposing details that would help an attacker, such as addresses or hostnames.',
  },
  {
    uid: 'data-flow-diagram',
    title: 'Data flow diagram',
    itemType: 'Diagram' satisfies DocumentItemType,
    short: 'Upload a diagram showing how customer data enters, moves through and leaves your service.',
    long: 'Privacy and security reviewers trace customer data from collection through processing, storage, backups and subprocessors to deletion. Mark where data is encrypted and where it crosses regions or organisations. Keep it in step with your subprocessor list.',
  },
  {
    uid: 'insurance-certificate',
    title: 'Insurance certificate',
    itemType: 'Certificate' satisfies DocumentItemType,
    short: 'Upload a certificate of insurance showing your cyber and professional liability cover.',
    long: 'Procurement teams often require proof of cyber liability, technology errors and omissions or general liability insurance above a minimum amount. The certificate should name the insurer, the policy period and the limits of cover. Replace it when the policy renews.',
  },
])
