/** Modules every frontend shares as singletons: one React, one router, one toast store. */
export const sharedModules = ['react', 'react-dom', 'react-router-dom', 'react-hot-toast'];
