// The public surface of features/preferences.

export { PreferencesModal } from './PreferencesModal.tsx';
