import type { RemoteName } from '../values.js';

/*
 * Where things are, for the pages: the screens (below); the API calls are `@bracelet/contracts/endpoints`
 * (`endpoints.childrenOf(id)`…). Zod-free: the finder's page and the shell read this module.
 */

/**
 * The screens each remote owns (spec §2.1). The shell routes these paths to the remote, and the
 * remote picks the page; both read this table so they cannot disagree.
 */
export const remotePages = {
  shop: {
    home: '/',
    homepage: '/homepage',
    homepageNew: '/homepagenew',
    products: '/products',
    productOfRange: '/products/:productSlug',
    productColour: '/products/:productSlug/:colorSlug',
    productByCode: '/product/:code',
    cart: '/cart',
    checkout: '/checkout',
    success: '/success',
    withdrawal: '/retractation',
    cgv: '/cgv',
    privacy: '/politique-confidentialite',
    legalNotice: '/mentions-legales',
    howItWorks: '/how-it-works',
    commitments: '/engagements',
    association: '/associationpage',
    stepForm: '/stepform',
    configureSuccess: '/configure/success',
  },
  family: {
    scan: '/b/:id',
    signup: '/signup',
    register: '/register',
    login: '/login',
    forgotPassword: '/forgot-password',
    resetPassword: '/reset-password',
    account: '/account',
    addChild: '/add-child',
    editChild: '/edit-child-profile/:id',
    createChildProfile: '/create-child-profile',
    wizardStep1: '/newconfigurationstep1',
    wizardLogin: '/newconfiglogin',
    wizardRegister: '/newconfigregister',
    wizardStep2: '/newconfigurationstep2',
    wizardStep3: '/newconfigurationstep3',
    configurationPage4: '/configurationpage4',
  },
  backoffice: {
    orders: '/backoffice',
    prepareOrder: '/prepareorderpage',
    bracelets: '/backoffice/bracelets',
    withdrawals: '/backoffice/retractations',
    mail: '/backoffice/mail',
  },
} as const satisfies Record<RemoteName, Record<string, string>>;
export type { RemoteName } from '../values.js';
