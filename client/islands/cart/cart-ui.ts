/**
 * What the header's cart shows on demand, in one chunk: the panel (opened) and the 'added' notice (after
 * an add). Neither is needed to show the page, and one chunk for both costs less than two.
 */
export { default as CartPanel } from './CartPanel';
export { AddedNotice } from './AddedNotice';
