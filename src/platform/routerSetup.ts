// Mini-programs route by page path; only the H5 build (routerSetup.h5.ts) needs set-up.
export {}
