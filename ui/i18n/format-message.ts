/**
 * Fills `{placeholder}`s of a string; an unknown placeholder is left as written so a missing value is visible.
 * @example formatMessage('Switch network, current: {name}', { name: 'Ethereum' }) // 'Switch network, current: Ethereum'
 */
export function formatMessage(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = values[key]
    return value === undefined ? whole : String(value)
  })
}
