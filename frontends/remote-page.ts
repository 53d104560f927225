import { type ComponentType, createElement, type LazyExoticComponent } from 'react';
import { matchPath, useLocation } from 'react-router-dom';

/** Renders the page of `pages` whose path pattern matches the current location. */
export function RemotePage({ pages }: { pages: Record<string, LazyExoticComponent<ComponentType> | ComponentType> }) {
  const { pathname } = useLocation();
  const pattern = Object.keys(pages).find((candidate) => matchPath(candidate, pathname));
  const page = pattern ? pages[pattern] : undefined;
  return page ? createElement(page) : null;
}
