import { useRouteError } from 'react-router';
import { EmptyLayoutFrame } from '../../components/EmptyLayoutFrame.tsx';
import { describeRouteError } from './describeRouteError.ts';
import { StatusPage } from './StatusPage.tsx';

/** RouteErrorPage is the router's errorElement: status code, message and the way home. */
export default function RouteErrorPage() {
  const { status, message } = describeRouteError(useRouteError());
  return (
    <EmptyLayoutFrame>
      <StatusPage status={status} title={message} />
    </EmptyLayoutFrame>
  );
}
