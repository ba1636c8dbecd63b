import { DownloadOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import type { IosListQuery } from '@lease/shared';
import { Button, Space } from 'antd';
import { Hint } from '../../../../components/hint/Hint.tsx';
import { useState } from 'react';
import { downloadEnrollmentProfile, exportList } from '../../../../api/iosDevice.ts';
import { feedback } from '../../../../app/feedback.ts';
import { saveBlob } from '../../../../lib/download.ts';
import { dayjs } from '../../../../lib/time.ts';
import { filtersOf } from './listSearch.ts';

interface ListToolbarProps {
  query: IosListQuery;
  canRegister: boolean;
  onRegister: () => void;
}

/**
 * ListToolbar: register phones and download the Configurator profile (both Aa2), and export the list as
 * it is filtered now. Downloads show a loading notice because building a file can take seconds.
 */
export function ListToolbar({ query, canRegister, onRegister }: ListToolbarProps) {
  const [busy, setBusy] = useState<'export' | 'profile' | null>(null);

  async function download(kind: 'export' | 'profile') {
    const key = `ios-${kind}`;
    setBusy(kind);
    feedback.message.open({ key, type: 'loading', content: kind === 'export' ? '正在导出设备列表，请稍候…' : '正在生成描述文件…', duration: 0 });
    try {
      if (kind === 'export') saveBlob(await exportList(filtersOf(query)), `Apple设备列表-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`);
      else saveBlob(await downloadEnrollmentProfile(), 'enroll.mobileconfig');
      feedback.message.open({ key, type: 'success', content: kind === 'export' ? '导出完成' : '描述文件已下载', duration: 2 });
    } catch {
      // The request client has already shown why it failed.
      feedback.message.destroy(key);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Space wrap>
      {canRegister && (
        <>
          <Button type="primary" icon={<PlusOutlined />} onClick={onRegister}>
            登记设备
          </Button>
          <Hint title="用 Apple Configurator 在电脑上批量给设备安装管理描述文件">
            <Button icon={<DownloadOutlined />} loading={busy === 'profile'} onClick={() => void download('profile')}>
              下载描述文件（Apple Configurator）
            </Button>
          </Hint>
        </>
      )}
      <Hint title="按当前筛选条件导出为 Excel">
        <Button icon={<ExportOutlined />} loading={busy === 'export'} onClick={() => void download('export')}>
          导出
        </Button>
      </Hint>
    </Space>
  );
}
