// H5 renders role and aria-* as DOM attributes itself: nothing to declare.
export {}
