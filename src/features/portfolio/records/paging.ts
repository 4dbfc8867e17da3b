/** Rows per page of every record list. */
export const RECORDS_PAGE_SIZE = 10

/** The spec's PageInput: the cursor of the last page, or none for the first. */
export const pageInput = (cursor: string | null, size = RECORDS_PAGE_SIZE) => (cursor ? { cursor, size } : { size })
