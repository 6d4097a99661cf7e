// App Security: how the product is built, tested and opened to outside scrutiny.

import { defineItems } from './define'
import type { CatalogueItem } from './types'

export const APPLICATION_SECURITY_ITEMS: readonly CatalogueItem[] = defineItems('ApplicationSecurity', [
  {
    uid: 'secure-development-lifecycle',
    title: 'Secure development lifecycle',
    short: 'Describe how security is built into the way you design, build and release software.',
    long: 'Reviewers look for security requirements and threat modelling at the design stage, secure coding standards, automated security testing in the pipeline and a security review before major releases. Describe who owns application security and how developers get help from security specialists.',
  },
  {
    uid: 'code-review',
    title: 'Code review',
    short: 'Describe how code changes are peer reviewed before they reach production.',
    long: 'Buyers want every change reviewed by someone other than its author, enforced by branch protection rather than by habit. Mention what reviewers check for, whether security-sensitive changes need a specialist reviewer and how exceptions are recorded.',
  },
  {
    uid: 'static-analysis',
    title: 'Static application security testing (SAST)',
    short: 'Describe the static analysis tools that scan your source code for security flaws.',
    long: 'Explain which tools run, on which repositories, and whether they run on every pull request or on a schedule. Reviewers want to know how findings are triaged, the time allowed to fix them at each severity and whether serious findings block a merge.',
  },
  {
    uid: 'dependency-scanning',
    title: 'Dependency scanning',
    short: 'Describe how you find and update vulnerable open-source dependencies.',
    long: 'Most application code comes from third-party packages, so reviewers check that dependencies and container images are scanned continuously and updated promptly. State the tools, the remediation deadlines by severity and whether you maintain a software bill of materials.',
  },
  {
    uid: 'bug-bounty',
    title: 'Bug bounty programme',
    short: 'Describe your bug bounty programme and how researchers are rewarded.',
    long: 'A bug bounty invites independent researchers to find vulnerabilities in exchange for rewards, adding to your scheduled penetration tests. Buyers look at the scope, whether the programme is public or private, the platform used and how quickly reports are triaged. Link to the programme page, or connect HackerOne to show response statistics.',
  },
  {
    uid: 'responsible-disclosure',
    title: 'Responsible disclosure',
    short: 'Describe how anyone can report a security vulnerability to you.',
    long: 'Publish a clear way to report vulnerabilities, such as a security contact address, a security.txt file and a disclosure policy that promises not to pursue researchers acting in good faith. Say how quickly you acknowledge reports and how you keep reporters informed. Link to the policy.',
  },
])
