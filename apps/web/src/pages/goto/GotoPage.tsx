import { Result, Spin } from 'antd';

/** GotoPage shows while the browser leaves for the external page the guard resolved. */
export default function GotoPage() {
  return <Result icon={<Spin size="large" />} title="正在跳转…" />;
}
