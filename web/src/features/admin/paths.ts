// Where the operator's screens live (000 §2): the secure sign-in, which becomes the Dashboard
// once signed in, and the admin panel under the product's name with its sections.
export const SECURE_PATH = '/admin/panel/secure';
export const PANEL_PATH = '/switchboard/admin/panel';

export const ADMIN_PATHS = {
  dashboard: SECURE_PATH,
  organisations: PANEL_PATH,
  users: `${PANEL_PATH}/users`,
  audit: `${PANEL_PATH}/audit`,
  failedTransactions: `${PANEL_PATH}/failed-transactions`,
  feedback: `${PANEL_PATH}/feedback`,
  userInfo: `${PANEL_PATH}/user-info`,
} as const;

export const userInfoPath = (id: number) => `${ADMIN_PATHS.userInfo}/${id}`;
