import { RequireStaff } from '../auth/require-staff';
import { DashboardPage } from './dashboard-page';

/** /admin: the dashboard, for florists, managers and admins only. */
export const StaffDashboard = () => (
  <RequireStaff>
    <DashboardPage />
  </RequireStaff>
);
