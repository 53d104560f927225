import { remotePages } from '@bracelet/contracts/pages';
import { lazy } from 'react';
import { Navigate } from 'react-router-dom';
import { RemotePage } from '../../remote-page';

const page = remotePages.family;
const SignupPage = lazy(() => import('./pages/auth/SignupPage'));

/** /configurationpage4 is referenced but absent from the spec's route table: it leads to the account. */
const ConfigurationPage4 = () => <Navigate to="/account" replace />;

const pages = {
  [page.scan]: lazy(() => import('./pages/scan/ScanPage')),
  [page.signup]: SignupPage,
  [page.register]: SignupPage,
  [page.login]: lazy(() => import('./pages/auth/LoginPage')),
  [page.forgotPassword]: lazy(() => import('./pages/auth/ForgotPasswordPage')),
  [page.resetPassword]: lazy(() => import('./pages/auth/ResetPasswordPage')),
  [page.account]: lazy(() => import('./pages/account/AccountPage')),
  [page.addChild]: lazy(() => import('./pages/children/AddChildPage')),
  [page.editChild]: lazy(() => import('./pages/children/EditChildPage')),
  [page.createChildProfile]: lazy(() => import('./pages/wizard/CreateChildProfilePage')),
  [page.wizardStep1]: lazy(() => import('./pages/wizard/Step1Page')),
  [page.wizardLogin]: lazy(() => import('./pages/wizard/WizardLoginPage')),
  [page.wizardRegister]: lazy(() => import('./pages/wizard/WizardRegisterPage')),
  [page.wizardStep2]: lazy(() => import('./pages/wizard/Step2Page')),
  [page.wizardStep3]: lazy(() => import('./pages/wizard/Step3Page')),
  [page.configurationPage4]: ConfigurationPage4,
};

/** The family remote: accounts, children, the configuration wizard and the finder's page. */
export default function App() {
  return <RemotePage pages={pages} />;
}
