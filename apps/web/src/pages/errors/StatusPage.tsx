import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type ResultStatus = 403 | 404 | 500 | 'error' | 'warning';

const resultStatus = (status: number): ResultStatus =>
  status === 403 || status === 404 || status === 500 ? status : status >= 500 || status === 0 ? 'error' : 'warning';

/** StatusPage is the full-page answer for errors and unknown routes: status, message, a way home. */
export function StatusPage({ status, title, children }: { status: number; title: ReactNode; children?: ReactNode }) {
  return (
    <Result
      status={resultStatus(status)}
      title={status || '出错了'}
      subTitle={title}
      extra={
        <>
          {children}
          <Link to="/">
            <Button type="primary">返回首页</Button>
          </Link>
        </>
      }
    />
  );
}
