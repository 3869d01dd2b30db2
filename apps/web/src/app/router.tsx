import { Component, type ReactNode, Suspense } from 'react';
import {
  BrowserRouter,
  Navigate,
  Outlet,
  type RouteObject,
  useLocation,
  useRoutes,
} from 'react-router';
import { AuthProvider } from '../features/auth/auth-provider';
import { LoginPage } from '../features/auth/login-page';
import { lazyPage } from '../lib/lazy-page';
import { readStoredUser } from '../lib/session-storage';
import { type DownloadInvoice, InvoiceDownloadContext } from '../shared/invoice-download';
import {
  type DownloadServiceReport,
  ServiceReportDownloadContext,
} from '../shared/service-report-download';
import { Loading } from '../ui/spinner';
import { NotFoundPage } from './not-found-page';
import { RequireAuth, RouteScreen } from './require-auth';
import { RouteError } from './route-error';
import { APP_ROUTES, AppShell, JobStatusPage, LandingPage, preloadScreensOf } from './route-table';

/**
 * Billing's PDF for the status page, loaded (with jsPDF and the font) only when pressed: the
 * customer's original alone, the shop's duplicate being the shop's.
 */
const downloadInvoicePdf: DownloadInvoice = async (bill) =>
  (await import('../features/billing/bill-pdf')).downloadBillPdf(bill, ['original']);

/** The job's service report PDF (issue 22), for staff screens and the status page alike. */
const downloadServiceReportPdf: DownloadServiceReport = async (source) =>
  (await import('../features/service-report/service-report-pdf')).downloadServiceReport(source);

/** The service report as a printable page: staff by the order, the customer by the link. */
const ServiceReportPage = lazyPage(
  () => import('../features/service-report/service-report-page'),
  'ServiceReportPage',
);

/** A customer's quotation link (issue 35): public, phone first, its own small chunk. */
const QuotePage = lazyPage(() => import('../features/quote-page/quote-page'), 'QuotePage');

/** A unit's QR sticker (issue 37): public, phone first, its own small chunk. */
const UnitPage = lazyPage(() => import('../features/unit-page/unit-page'), 'UnitPage');

/** The session lives inside the router so that logging out can navigate to /login. */
function RootRoute() {
  return (
    <AuthProvider>
      <ServiceReportDownloadContext value={downloadServiceReportPdf}>
        <Outlet />
      </ServiceReportDownloadContext>
    </AuthProvider>
  );
}

/** The chunks of the screen at the address, fetched before the app first renders (main.tsx). */
export const screensReady = preloadScreensOf(window.location.pathname, readStoredUser()?.role);

/**
 * Last resort for a screen that crashed or whose chunk failed to load: RouteError, until the
 * address changes. (The declarative router: the data router's own error screens, loaders
 * and actions, which Karya does not use, were 16 KB of every screen's script, issue 17.)
 */
class RouteErrorBoundary extends Component<
  { pathname: string; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: { pathname: string }) {
    if (this.state.failed && previous.pathname !== this.props.pathname) {
      this.setState({ failed: false });
    }
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    children: [
      // In the entry chunk: it needs nothing the entry lacks (no query cache, no form library).
      { path: '/login', element: <LoginPage /> },
      // The public landing page: no login. The server also serves it as welcome.html.
      {
        path: '/welcome',
        element: (
          <Suspense fallback={<Loading fullScreen />}>
            <LandingPage />
          </Suspense>
        ),
      },
      // A customer's job-status link (issue 21): no login; the token is the key.
      {
        path: '/s/:token',
        element: (
          <Suspense fallback={<Loading fullScreen />}>
            <InvoiceDownloadContext value={downloadInvoicePdf}>
              <JobStatusPage />
            </InvoiceDownloadContext>
          </Suspense>
        ),
      },
      // A customer's quotation link (issue 35): no login; the token is the key.
      {
        path: '/q/:token',
        element: (
          <Suspense fallback={<Loading fullScreen />}>
            <QuotePage />
          </Suspense>
        ),
      },
      // A unit's QR sticker (issue 37): no login; the token is the key.
      {
        path: '/u/:token',
        element: (
          <Suspense fallback={<Loading fullScreen />}>
            <UnitPage />
          </Suspense>
        ),
      },
      {
        path: '/s/:token/report',
        element: (
          <Suspense fallback={<Loading fullScreen />}>
            <ServiceReportPage />
          </Suspense>
        ),
      },
      {
        path: '/',
        element: <RequireAuth />,
        children: [
          // Full-page, outside the desk's frame, so it prints as the report alone.
          {
            path: '/service-report/:orderId',
            element: (
              <Suspense fallback={<Loading fullScreen />}>
                <ServiceReportPage />
              </Suspense>
            ),
          },
          {
            element: (
              <Suspense fallback={<Loading fullScreen />}>
                <AppShell />
              </Suspense>
            ),
            children: [
              { index: true, element: <Navigate to="/dashboard" replace /> },
              ...APP_ROUTES.map((route) => ({
                path: route.path,
                element: <RouteScreen route={route} />,
              })),
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

function AppRoutes() {
  const { pathname } = useLocation();
  const screen = useRoutes(routes);
  return <RouteErrorBoundary pathname={pathname}>{screen}</RouteErrorBoundary>;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
