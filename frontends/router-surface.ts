/**
 * The part of React Router the frontends use. Vite aliases `react-router-dom` to this module, so
 * the router shared between the shell and the remotes (a federated singleton, which is never
 * tree-shaken) holds only these exports instead of the whole package: the finder's page loads
 * a fraction of it. Add an export here before using a new router API.
 */
export {
  BrowserRouter,
  Link,
  matchPath,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
