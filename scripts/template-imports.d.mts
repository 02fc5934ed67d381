export function expandTemplateImports(code: string, filesIn: (folder: string) => string[], file?: string): string
export function expandTemplateImportsIn(dir: string): string[]
