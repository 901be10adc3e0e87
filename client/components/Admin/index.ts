export { AdminDashboard } from './AdminDashboard';
export { AdminDisabled } from './AdminDisabled';
export { AdminGate } from './AdminGate';
export { AdminLayout } from './AdminLayout';
export { AdminSessionProvider, useAdminSession } from './admin-session';
