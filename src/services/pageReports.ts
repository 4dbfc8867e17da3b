/** Mini-programs load no chunks and have no paint timing: nothing to report (H5: pageReports.h5.ts). */
export function startPageReports(): void {}
