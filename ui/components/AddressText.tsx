export interface AddressTextProps {
  /** The text to show, already shortened by the caller (kernel/format, SPEC §9: 4 leading, 6 trailing). */
  text: string
  /** Full value for the tooltip, e.g. the untruncated address. */
  title?: string
}

/** An address or name in the monospace address style. Renders only the text it is given. */
export function AddressText({ text, title }: AddressTextProps) {
  return (
    <span className="portico-address" title={title}>
      {text}
    </span>
  )
}
