import { ForgotPage } from './ForgotPage.tsx';

export const ForgotPasswordPage = () => <ForgotPage kind="password" />;
export const ForgotUserNamePage = () => <ForgotPage kind="userName" />;
