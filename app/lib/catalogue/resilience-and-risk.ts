// Business Continuity, Risk Management and Incident Response.

import { defineItems } from './define'
import type { CatalogueItem } from './types'

const BUSINESS_CONTINUITY_ITEMS = defineItems('BusinessContinuity', [
  {
    uid: 'business-continuity-plan',
    title: 'Business continuity plan',
    short: 'Describe how you keep critical operations running during a major disruption.',
    long: 'Reviewers look for a business impact analysis that identifies critical processes, plans for losing key people, offices, systems or suppliers, and clear decision-making during a crisis. State when the plan was last reviewed and tested.',
  },
  {
    uid: 'disaster-recovery',
    title: 'Disaster recovery',
    short: 'Describe how you restore the service after losing a region, a system or data.',
    long: 'Buyers want recovery procedures that have been tested, with the recovery time and recovery point objectives met during the test. State how often tests run and what the latest one showed. The objectives given here should match your risk profile.',
  },
  {
    uid: 'redundancy-and-failover',
    title: 'Redundancy and failover',
    short: 'Describe how your architecture stays available when a component or availability zone fails.',
    long: 'Reviewers check for redundancy across availability zones, automatic failover for databases and other services, and monitoring that detects failures quickly. Mention any single points of failure that remain and how you plan to remove them.',
  },
  {
    uid: 'crisis-communications',
    title: 'Crisis communications',
    short: 'Describe how you keep customers informed during an outage or other disruption.',
    long: 'Buyers want to know which channels you use, such as a status page or email, how soon the first update appears and how often further updates follow. Describe who approves messages and how customers can reach you during an incident.',
  },
])

const RISK_MANAGEMENT_ITEMS = defineItems('RiskManagement', [
  {
    uid: 'risk-assessment',
    title: 'Risk assessment',
    short: 'Describe how you identify, assess and treat information security risks.',
    long: 'Reviewers check that assessments follow a defined method, happen at least once a year and after major changes, and end in treatment decisions with owners and deadlines. Name the framework or standard you follow, if any.',
  },
  {
    uid: 'risk-register',
    title: 'Risk register',
    short: 'Describe how risks are recorded, owned and tracked to resolution.',
    long: 'A register shows which risks you know about, who owns them and whether each is accepted, reduced or transferred. Reviewers want to see that leadership reviews it regularly. You can describe how it works without sharing its contents.',
  },
  {
    uid: 'vendor-risk-management',
    title: 'Vendor risk management',
    short: 'Describe how you assess the security of your suppliers before and during your relationship with them.',
    long: 'Reviewers check that vendors are ranked by risk, that critical vendors provide evidence such as audit reports and that reviews are repeated on a schedule. Explain what you do when a vendor suffers an incident.',
  },
  {
    uid: 'internal-audit',
    title: 'Internal audit',
    short: 'Describe how you check independently that your controls and policies are followed.',
    long: 'Internal audits, carried out by an independent function or an outside firm, test controls before external auditors do and feed their findings into the risk register. Reviewers check how often audits happen, how independent they are and how findings are closed.',
  },
])

const INCIDENT_RESPONSE_ITEMS = defineItems('IncidentResponse', [
  {
    uid: 'incident-response-team',
    title: 'Incident response team',
    short: 'Describe who handles security incidents and how they can be reached at any time.',
    long: 'Reviewers want named roles for leading, investigating and communicating during an incident, on-call cover outside business hours and access to outside forensic help when needed. Describe how staff escalate a suspected incident.',
  },
  {
    uid: 'breach-notification',
    title: 'Breach notification',
    short: 'Describe how, and how quickly, you notify customers of an incident that affects their data.',
    long: 'Contracts and laws often set deadlines, such as the 72 hours the GDPR allows for notifying authorities, and customers need time to meet their own obligations. State your commitment, the channel you will use and what the first notice will contain.',
  },
  {
    uid: 'incident-response-exercises',
    title: 'Incident response exercises',
    short: 'Describe how you test your incident response plan through exercises.',
    long: 'Tabletop exercises and simulations show whether the plan works and whether people know their roles. Reviewers check how often you run them, which scenarios you cover and how the lessons are applied.',
  },
  {
    uid: 'post-incident-reviews',
    title: 'Post-incident reviews',
    short: 'Describe how you learn from incidents once they are resolved.',
    long: 'Reviewers look for blameless reviews that find root causes, with follow-up actions tracked to completion. Say whether customers receive a written summary after incidents that affected them.',
  },
])

export const RESILIENCE_AND_RISK_ITEMS: readonly CatalogueItem[] = [...BUSINESS_CONTINUITY_ITEMS, ...RISK_MANAGEMENT_ITEMS, ...INCIDENT_RESPONSE_ITEMS]
