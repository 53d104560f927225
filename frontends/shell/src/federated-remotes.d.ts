declare module 'shop/App' {
  const App: import('react').ComponentType;
  export default App;
}
declare module 'family/App' {
  const App: import('react').ComponentType;
  export default App;
}
declare module 'backoffice/App' {
  const App: import('react').ComponentType;
  export default App;
}
