import { type AppstoreNewRequest, type ItunesApp, type ItunesSearchPlatform, itunesSearchPlatformLabel } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, AutoComplete, Button, Flex, Input, List, Segmented } from 'antd';
import { Typography } from '../../components/typography/Typography.tsx';
import { useState } from 'react';
import { searchItunes } from '../../api/appstore.ts';
import { isApiError } from '../../api/index.ts';
import { appleAppSearchPlatformStore } from '../../auth/storage.ts';
import { AppIcon } from './AppIcon.tsx';

interface ItunesSearchPanelProps {
  groups: string[];
  added: ReadonlySet<string>;
  adding: string | null;
  onAdd: (app: AppstoreNewRequest) => void;
  /** The clerk gives up on search and enters the app by hand, starting from what they searched for. */
  onManual: (term: string) => void;
}

const platformOptions = ([0, 1] as const).map((v) => ({ value: v, label: itunesSearchPlatformLabel[v] }));
const readPlatform = (): ItunesSearchPlatform => (appleAppSearchPlatformStore.get() === 1 ? 1 : 0);

/** ItunesSearchPanel finds Apple apps through the server's iTunes adapter and adds them to the library. */
export function ItunesSearchPanel({ groups, added, adding, onAdd, onManual }: ItunesSearchPanelProps) {
  const [platform, setPlatform] = useState<ItunesSearchPlatform>(readPlatform);
  const [term, setTerm] = useState('');
  const [group, setGroup] = useState('');
  const search = useQuery({
    queryKey: ['appstore', 'itunes', platform, term],
    queryFn: () => searchItunes(term, platform),
    enabled: term !== '',
    retry: false,
    staleTime: 5 * 60_000,
  });
  const failure = search.error && isApiError(search.error) ? search.error.message : search.error ? '搜索失败' : null;

  const add = (app: ItunesApp) =>
    onAdd({
      platform: 'apple',
      app_name: app.app_name,
      bundle_id: app.bundle_id,
      icon: app.icon,
      version: app.version,
      seller: app.seller,
      track_id: app.track_id || undefined,
      group: group.trim(),
    });

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap>
        <Segmented<ItunesSearchPlatform>
          options={platformOptions}
          value={platform}
          onChange={(v) => {
            setPlatform(v);
            appleAppSearchPlatformStore.set(v);
          }}
        />
        <Input.Search
          placeholder="输入应用名称或开发者，如：微信"
          enterButton="搜索"
          allowClear
          loading={search.isFetching}
          onSearch={(v) => setTerm(v.trim())}
          style={{ flex: 1, minWidth: 240 }}
        />
      </Flex>
      <Flex align="center" gap={8}>
        <Typography.Text type="secondary">添加到分组：</Typography.Text>
        <AutoComplete value={group} onChange={setGroup} options={groups.map((g) => ({ value: g }))} placeholder="可选" allowClear style={{ width: 200 }} />
      </Flex>
      {failure && (
        <Alert
          type="warning"
          showIcon
          title={failure}
          action={
            <Button size="small" onClick={() => onManual(term)}>
              手动填写
            </Button>
          }
        />
      )}
      {search.isSuccess && (
        <List<ItunesApp>
          size="small"
          bordered
          style={{ maxHeight: 360, overflow: 'auto' }}
          dataSource={search.data.list}
          locale={{ emptyText: `App Store（中国区 ${itunesSearchPlatformLabel[platform]}）中没有找到「${term}」，可尝试其他关键词或手动填写` }}
          renderItem={(app) => {
            const done = added.has(app.bundle_id);
            return (
              <List.Item
                actions={[
                  <Button
                    key="add"
                    type={done ? 'default' : 'primary'}
                    size="small"
                    disabled={done}
                    loading={adding === app.bundle_id}
                    onClick={() => add(app)}
                  >
                    {done ? '已添加' : '添加'}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  avatar={<AppIcon name={app.app_name} icon={app.icon} />}
                  title={app.app_name}
                  description={
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {app.bundle_id} · {app.seller}
                      {app.version && ` · ${app.version}`}
                    </Typography.Text>
                  }
                />
              </List.Item>
            );
          }}
        />
      )}
    </Flex>
  );
}
