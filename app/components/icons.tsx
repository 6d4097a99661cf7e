// Small icons (24 x 24, currentColor) from one cached sprite, public/icons.svg; decorative unless labelled.
import type { CardKind } from '~/lib/card-kinds'

type IconProps = { label?: string; size?: number }

function Icon({ name, label, size = 18 }: IconProps & { name: string }) {
  return (
    <svg
      width={size}
      height={size}
      className="icon"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <use href={`/icons.svg#${name}`} />
    </svg>
  )
}

export const LockIcon = (props: IconProps) => <Icon name="lock" {...props} />
export const CheckIcon = (props: IconProps) => <Icon name="check" {...props} />
export const ProgressIcon = (props: IconProps) => <Icon name="progress" {...props} />
export const CloseIcon = (props: IconProps) => <Icon name="close" {...props} />
export const ExpandIcon = (props: IconProps) => <Icon name="expand" {...props} />
export const ChevronIcon = (props: IconProps) => <Icon name="chevron" {...props} />
export const ShieldIcon = (props: IconProps) => <Icon name="shield" {...props} />
export const BuildingIcon = (props: IconProps) => <Icon name="building" {...props} />
export const LinkIcon = (props: IconProps) => <Icon name="link" {...props} />
export const DownloadIcon = (props: IconProps) => <Icon name="download" {...props} />
export const EyeIcon = (props: IconProps) => <Icon name="eye" {...props} />
export const FileIcon = (props: IconProps) => <Icon name="file" {...props} />
export const SearchIcon = (props: IconProps) => <Icon name="search" {...props} />
export const PinIcon = (props: IconProps) => <Icon name="pin" {...props} />
export const HelpIcon = (props: IconProps) => <Icon name="help" {...props} />
export const BellIcon = (props: IconProps) => <Icon name="bell" {...props} />

// A distinct icon for each kind of card in the grid (the sprite's symbols); a card a company gave an icon of its
// own shows that instead, and a kind without one here the shield.
const CARD_KIND_ICONS: Partial<Record<CardKind, string>> = {
  Reports: 'file-text',
  Questionnaires: 'clipboard',
  ProductFeatures: 'star',
  DataSecurity: 'database',
  ApplicationSecurity: 'code',
  Legal: 'scale',
  Ai: 'cpu',
  Esg: 'leaf',
  DataPrivacy: 'eye-off',
  AccessControl: 'key',
  Infrastructure: 'server',
  EndpointSecurity: 'laptop',
  NetworkSecurity: 'globe',
  InternalPractices: 'users',
  Policies: 'file',
  ContinuousMonitoring: 'activity',
  PhysicalEnvironmental: 'building',
  ChangeConfigurationManagement: 'sliders',
  AwarenessTraining: 'graduation',
  BusinessContinuity: 'refresh',
  AssetManagement: 'package',
  RiskManagement: 'alert',
  IncidentResponse: 'life-buoy',
  RiskProfile: 'gauge',
  SecurityGrades: 'award',
}

export const CardKindIcon = ({ kind, ...props }: IconProps & { kind: CardKind }) => <Icon name={CARD_KIND_ICONS[kind] ?? 'shield'} {...props} />
