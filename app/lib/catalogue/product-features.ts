// Product security: security features customers can use in the product itself.

import { defineItems } from './define'
import type { CatalogueItem } from './types'

export const PRODUCT_FEATURE_ITEMS: readonly CatalogueItem[] = defineItems('ProductFeatures', [
  {
    uid: 'single-sign-on',
    title: 'Single sign-on (SSO)',
    short: 'Describe how customers can sign in to your product through their own identity provider.',
    long: 'Enterprise buyers want their staff to use corporate credentials so that access ends automatically when someone leaves. State the protocols you support, such as SAML and OpenID Connect, which identity providers you have tested, whether SSO can be enforced for every user and which plans include it. Link to the setup documentation.',
  },
  {
    uid: 'multi-factor-authentication',
    title: 'Multi-factor authentication (MFA)',
    short: 'Describe the multi-factor authentication options your product offers its users.',
    long: 'Reviewers check whether users can enrol a second factor, which methods are offered, such as authenticator apps, security keys or passkeys, and whether administrators can require it for everyone. Mention whether SMS codes are allowed and how account recovery works, since weak recovery undoes the benefit of MFA.',
  },
  {
    uid: 'roles-and-permissions',
    title: 'Roles and permissions',
    short: 'Describe how customer administrators control what each user can see and do.',
    long: 'Buyers want to apply least privilege inside your product as well as their own systems. Describe the built-in roles, whether custom roles or fine-grained permissions exist and how access can be limited to particular workspaces, projects or records. Mention automated user provisioning through SCIM if you support it.',
  },
  {
    uid: 'audit-logs',
    title: 'Audit logs',
    short: 'Describe the audit logs customers can access and how long they are kept.',
    long: 'Security teams use audit logs to investigate incidents and demonstrate compliance, so they ask which events are recorded, such as sign-ins, permission changes, exports and configuration changes. Give the retention period and say whether logs can be exported or streamed to a SIEM. Link to the documentation that lists the events.',
  },
  {
    uid: 'data-residency',
    title: 'Data residency',
    short: 'Describe where customer data is stored and whether customers can choose the region.',
    long: 'Regulated and public sector buyers often need their data to stay within a country or region. List the regions you offer and which data the choice covers, including backups, logs and support tools, and name any data that still leaves the region, for example through subprocessors. Explain how a customer selects or changes a region.',
  },
])
