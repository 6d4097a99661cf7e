export function manyPartsDocx(entries: number, options?: { folder?: string }): Buffer
export function hugeClaimDocx(bytes: number): Buffer
export function inflatingPdf(megabytes: number): Promise<Buffer>
