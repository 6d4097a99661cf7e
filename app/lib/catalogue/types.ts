import type { CardKind } from '../card-kinds'

/** Security-rating providers a SecurityGrades item stands for (see app/lib/security-grades.ts). */
export type GradeProvider =
  | 'BitSight'
  | 'BlackKite'
  | 'CyberVadis'
  | 'UpGuard'
  | 'RiskRecon'
  | 'CryptCheck'
  | 'MozillaObservatory'
  | 'HstsPreload'
  | 'ImmuniWeb'
  | 'SslLabs'
  | 'SecurityHeaders'
  | 'Cis'
  | 'SecurityScorecard'

/** Risk profile questions, in the spec's order (see app/lib/risk-profile.ts). */
export type RiskQuestion = 'dataAccess' | 'impact' | 'recoveryTime' | 'recoveryPoint' | 'criticalDependence' | 'thirdPartyDependence' | 'hosting'

/** A standard item: what every trust center may switch on, with our own guidance for staff. */
export interface CatalogueItem {
  /** Stable id, kebab-case, unique across the catalogue; also the default permalink slug. */
  uid: string
  kind: CardKind
  title: string
  guidance: {
    /** One sentence shown under the title in the editor. */
    short: string
    /** A paragraph or two: what to say, what reviewers look for, what evidence to attach. */
    long: string
  }
  /** Certifications: file name under /images/certifications/. */
  logo?: string
  /** SecurityGrades: the provider this item's grade entries come from. */
  provider?: GradeProvider
  /** RiskProfile: the question this item answers. */
  question?: RiskQuestion
  /** Questionnaires and Documents: the item type chosen by default. */
  itemType?: string
}
