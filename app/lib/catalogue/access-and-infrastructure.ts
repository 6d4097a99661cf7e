// Access Control, Infrastructure, Endpoint Security and Network Security: the technical practices behind the service.

import { defineItems } from './define'
import type { CatalogueItem } from './types'

const ACCESS_CONTROL_ITEMS = defineItems('AccessControl', [
  {
    uid: 'employee-sso',
    title: 'Employee single sign-on',
    short: 'Describe how staff sign in to internal systems through a central identity provider.',
    long: 'A central identity provider lets you enforce strong authentication everywhere and remove all access in one step when someone leaves. Reviewers check what share of systems sits behind SSO and how exceptions are managed. Name the identity provider if you are comfortable doing so.',
  },
  {
    uid: 'employee-mfa',
    title: 'Employee multi-factor authentication',
    short: 'Describe where multi-factor authentication is required for staff.',
    long: 'Buyers expect MFA on email, source code and every system that holds customer data or gives production access. Phishing-resistant methods such as security keys or passkeys are increasingly expected for privileged access. State any exceptions and how they are controlled.',
  },
  {
    uid: 'role-based-access-control',
    title: 'Role-based access control',
    short: 'Describe how staff access is assigned by role rather than case by case.',
    long: 'Roles make it easier to grant consistent access and to see who can do what. Reviewers check how roles are defined, who approves membership and how privileged roles, such as production administrators, are kept small. Mention whether administrators use separate accounts for privileged work.',
  },
  {
    uid: 'least-privilege',
    title: 'Least privilege',
    short: 'Describe how you limit staff access to the minimum each person needs for their work.',
    long: 'Reviewers want access to production and customer data restricted to a small group, granted only when needed and ideally limited in time. Describe just-in-time or break-glass access if you use it, and how access to customer data is logged.',
  },
  {
    uid: 'access-reviews',
    title: 'Access reviews',
    short: 'Describe how often access rights are reviewed and what happens to access that is no longer needed.',
    long: 'Periodic reviews catch access that should have been removed after a change of role. State how often critical systems are reviewed, who performs the reviews and how removals are tracked to completion. Auditors usually test this control, so the evidence should already exist.',
  },
  {
    uid: 'password-policy',
    title: 'Password requirements',
    short: 'Describe your password requirements for staff accounts.',
    long: 'Reviewers check minimum length, screening against known breached passwords, use of a password manager and lockout after repeated failed attempts. Current guidance favours long passphrases over forced periodic changes, so explain your reasoning if you do not rotate passwords.',
  },
])

const INFRASTRUCTURE_ITEMS = defineItems('Infrastructure', [
  {
    uid: 'cloud-hosting-provider',
    title: 'Cloud hosting provider',
    short: 'Describe where your service is hosted and which cloud provider you use.',
    long: "Buyers rely on the provider's own certifications for the physical and hardware layers, so name the provider and the regions you use. Describe how responsibilities are shared between you and the provider and whether you run across several availability zones. Link to the provider's compliance page.",
  },
  {
    uid: 'environment-segregation',
    title: 'Segregation of environments',
    short: 'Describe how production is separated from development and test environments.',
    long: 'Reviewers check that production runs in separate accounts or networks, that developers have no routine access to it and that production customer data is not copied into other environments. Explain how customers are isolated from each other as well.',
  },
  {
    uid: 'infrastructure-as-code',
    title: 'Infrastructure as code',
    short: 'Describe how infrastructure is defined in code and changed through review.',
    long: 'Managing infrastructure as code makes changes reviewable, repeatable and auditable. Reviewers look at how much of your infrastructure is managed this way, whether changes are peer reviewed and how you detect changes made outside the pipeline.',
  },
  {
    uid: 'container-security',
    title: 'Container security',
    short: 'Describe how containers and the platform that runs them are secured.',
    long: 'Explain how images are built from minimal, trusted base images, scanned for vulnerabilities and signed, and how the cluster restricts privileges and network traffic between workloads. Mention runtime threat detection if you use it.',
  },
  {
    uid: 'centralised-logging',
    title: 'Centralised logging',
    short: 'Describe how system and security logs are collected, protected and retained.',
    long: 'Reviewers want logs from infrastructure, applications and identity systems sent to a central store that the people whose actions they record cannot alter. State the retention period and how logs feed alerting and investigations.',
  },
])

const ENDPOINT_SECURITY_ITEMS = defineItems('EndpointSecurity', [
  {
    uid: 'mobile-device-management',
    title: 'Device management (MDM)',
    short: 'Describe how company laptops and mobile devices are managed centrally.',
    long: 'Central device management lets you enforce settings, push updates and lock or wipe a lost device. Reviewers check what share of devices is enrolled and whether personal devices may reach company data. Name the tool if you are comfortable doing so.',
  },
  {
    uid: 'endpoint-detection-and-response',
    title: 'Endpoint detection and response (EDR)',
    short: 'Describe the anti-malware and endpoint detection tools on staff devices and servers.',
    long: 'Reviewers expect modern detection and response tooling on every device, with alerts handled by your security team or a managed provider. State the coverage, who responds to alerts and how quickly.',
  },
  {
    uid: 'full-disk-encryption',
    title: 'Full-disk encryption',
    short: 'Describe how the storage of staff laptops is encrypted.',
    long: 'Full-disk encryption protects data when a device is lost or stolen. Reviewers want it enforced through device management rather than left to each person, with compliance monitored. Mention how recovery keys are stored.',
  },
  {
    uid: 'endpoint-patching',
    title: 'Operating system and software updates',
    short: 'Describe how operating systems and applications on staff devices are kept up to date.',
    long: 'Reviewers look for automatic updates, a deadline for installing critical security patches and a way to block devices that fall behind from company resources. Explain how you track update compliance across all devices.',
  },
])

const NETWORK_SECURITY_ITEMS = defineItems('NetworkSecurity', [
  {
    uid: 'firewalls',
    title: 'Firewalls and security groups',
    short: 'Describe how network traffic into and within your environment is restricted.',
    long: 'Reviewers want deny-by-default rules, with only the ports you need exposed to the internet and administrative access kept off public networks. Explain how rules are reviewed and how changes to them go through your change process.',
  },
  {
    uid: 'web-application-firewall',
    title: 'Web application firewall (WAF)',
    short: 'Describe how a web application firewall protects your public endpoints.',
    long: 'A web application firewall filters common attacks, such as injection attempts and malicious bots, before they reach your application. Say which endpoints it protects, which rule sets are applied and whether it blocks traffic or only reports it.',
  },
  {
    uid: 'ddos-protection',
    title: 'DDoS protection',
    short: 'Describe how your service withstands distributed denial-of-service attacks.',
    long: 'Reviewers check that a network-level service absorbs large floods of traffic and that rate limiting protects the application itself. Mention whether the protection has been tested and how you would communicate with customers during an attack.',
  },
  {
    uid: 'intrusion-detection',
    title: 'Intrusion detection',
    short: 'Describe how suspicious network and cloud activity is detected and investigated.',
    long: 'Explain which tools analyse traffic and cloud activity for signs of intrusion, such as managed threat detection services or network sensors. Reviewers want to know who receives the alerts, whether they are watched around the clock and how they are escalated.',
  },
])

export const ACCESS_AND_INFRASTRUCTURE_ITEMS: readonly CatalogueItem[] = [...ACCESS_CONTROL_ITEMS, ...INFRASTRUCTURE_ITEMS, ...ENDPOINT_SECURITY_ITEMS, ...NETWORK_SECURITY_ITEMS]
