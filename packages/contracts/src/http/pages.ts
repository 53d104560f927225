/**
 * The screens each remote owns (spec §2.1). The shell routes these paths to the remote, and the
 * remote picks the page; both read this table so they cannot disagree.
 */
export const remotePages = {
  shop: { home: '/' },
  family: { scan: '/b/:id' },
  backoffice: {},
} as const satisfies Record<'shop' | 'family' | 'backoffice', Record<string, string>>;

export type RemoteName = keyof typeof remotePages;
