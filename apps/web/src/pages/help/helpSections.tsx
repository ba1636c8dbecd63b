import { Typography } from '../../components/typography/Typography.tsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PermissionTable } from './PermissionTable.tsx';

const { Paragraph } = Typography;

export interface HelpTopic {
  key: string;
  title: string;
  body: ReactNode;
}

export interface HelpSection {
  id: string;
  title: string;
  summary?: ReactNode;
  topics: HelpTopic[];
}

const Steps = ({ items }: { items: ReactNode[] }) => (
  <ol style={{ paddingInlineStart: 20, margin: 0 }}>
    {items.map((item, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list written in this file, never reordered
      <li key={i} style={{ marginBottom: 6 }}>
        {item}
      </li>
    ))}
  </ol>
);

const Points = ({ items }: { items: ReactNode[] }) => (
  <ul style={{ paddingInlineStart: 20, margin: 0 }}>
    {items.map((item, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list written in this file, never reordered
      <li key={i} style={{ marginBottom: 6 }}>
        {item}
      </li>
    ))}
  </ul>
);

/**
 * HELP_SECTIONS is the clerk's manual: what the console does and where, written against what is built.
 * A feature that is not built yet carries <Soon />.
 */
export const HELP_SECTIONS: HelpSection[] = [
  {
    id: 'apple-enroll',
    title: 'Apple 设备接入',
    summary: 'iPhone 和 iPad 通过Apple 的 MDM 协议接入门店管理。接入后才能远程锁定、定位和设置限制。',
    topics: [
      {
        key: 'serial-link',
        title: '方式一：登记序列号，租机人打开接入链接（最常用）',
        body: (
          <Steps
            items={[
              <>
                进入 <Link to="/console/device/ios/list">Apple 设备 → 设备列表</Link>，点击「登记设备」，输入序列号（在 iPhone 的 设置 → 通用 → 关于本机
                中查看），一次最多 200 台，可指定负责店员和备注。需要「登记设备」权限。
              </>,
              '登记后每台设备都有自己的接入链接和二维码。链接是加密的，只对这台设备和本门店有效。',
              '请租机人用这台 iPhone 的相机扫码，或在 Safari 中打开链接（微信等内置浏览器无法安装描述文件），填写姓名和手机号后下载描述文件。',
              '在 iPhone 的 设置 → 已下载描述文件 中点击安装。安装完成后设备自动接入，列表中的状态变为「已接入」，型号、IMEI、电量等信息随后自动更新。',
            ]}
          />
        ),
      },
      {
        key: 'configurator',
        title: '方式二：Apple Configurator 批量安装描述文件',
        body: (
          <>
            <Paragraph>
              在设备列表右上角点击「下载描述文件（Apple Configurator）」，得到本门店的接入描述文件（.mobileconfig）。在 Mac 上用 Apple Configurator
              准备（监管）设备时添加此描述文件，即可批量接入。
            </Paragraph>
            <Paragraph type="secondary" style={{ marginBottom: 0 }}>
              经 Apple Configurator 监管的设备可以使用更多系统限制，且租机人无法自行删除管理描述文件。
            </Paragraph>
          </>
        ),
      },
      {
        key: 'abm',
        title: '方式三：Apple 商务管理（ABM）自动设备注册',
        body: (
          <Paragraph style={{ marginBottom: 0 }}>
            通过 Apple 商务管理购买或登记的设备开机激活时自动接入门店，无法跳过。门店管理员在 <Link to="/console/merchant/update-abm-token">更新 ABM 令牌</Link>{' '}
            上传令牌后，分配给本门店的设备会同步到设备列表。
          </Paragraph>
        ),
      },
    ],
  },
  {
    id: 'android-enroll',
    title: 'Android 设备接入',
    summary: 'Android 手机安装管理代理（设备所有者模式）后接入门店，代理通过加密连接接收锁定、定位等指令。',
    topics: [
      {
        key: 'qr',
        title: '扫码接入',
        body: (
          <Steps
            items={[
              <>
                进入 <Link to="/console/device/android/list">Android 设备 → 设备列表</Link>
                ，生成接入二维码（需要「登记设备」权限）。二维码一次有效，过期后重新生成。
              </>,
              '将手机恢复出厂设置，在开机欢迎界面连续点击屏幕 6 次，打开扫码界面，扫描接入二维码。',
              '手机按提示联网、下载并安装管理代理，代理成为设备所有者后自动向门店登记，设备出现在列表中。',
              '接入后可在设备详情中开启「监管」：禁止恢复出厂设置、安全模式、USB 调试等，防止租机人绕过管理。',
            ]}
          />
        ),
      },
      {
        key: 'channel',
        title: '厂商通道（荣耀、小米、OPPO、vivo）',
        body: (
          <Paragraph style={{ marginBottom: 0 }}>设备详情会显示设备使用的接入通道。厂商通道依赖各厂商的企业设备管理能力，需要门店与厂商另行开通。</Paragraph>
        ),
      },
    ],
  },
  {
    id: 'lock',
    title: '锁定与解锁',
    topics: [
      {
        key: 'apple-lock',
        title: 'Apple 设备：锁定（丢失模式）',
        body: (
          <Points
            items={[
              '在设备列表或设备详情点击「锁定」，填写锁屏提示（必填）、联系电话和脚注，勾选确认后下发。设备进入丢失模式，屏幕只显示这些内容，无法使用。',
              '可以选择「预约锁定」：到了设定时间由服务器自动下发；执行前可在设备详情的「操作记录」中取消。',
              '锁屏提示的默认内容可由管理员在「门店设置 → 锁屏提示默认内容」中设置。',
              '指令会在设备联网后执行；设备离线时状态显示「锁定中」，上线后变为「已锁定」。',
              '需要「锁定」「解锁」权限。',
            ]}
          />
        ),
      },
      {
        key: 'apple-unlock',
        title: 'Apple 设备：解锁',
        body: (
          <Paragraph style={{ marginBottom: 0 }}>
            对已锁定的设备点击「解锁」即退出丢失模式。退出后 iPhone 会在屏幕上提示租机人设备曾被定位过，这是iOS 系统的行为。
          </Paragraph>
        ),
      },
      {
        key: 'android-lock',
        title: 'Android 设备：锁定与解锁',
        body: (
          <Points
            items={[
              '锁定时须填写锁定提示内容，可填写联系电话（手机、400/800 号码或带区号的固定电话）。手机显示全屏锁定界面，无法通过手机自身的锁屏密码解开。',
              '需要「锁定」「解锁」权限。手机离线时，指令在它重新联网后执行；手机无法联网时可使用离线解锁码。',
            ]}
          />
        ),
      },
    ],
  },
  {
    id: 'lost-mode',
    title: '丢失模式与定位',
    topics: [
      {
        key: 'apple-locate',
        title: 'Apple 设备定位',
        body: (
          <Points
            items={[
              'Apple 只允许在丢失模式下获取位置：请先锁定设备，再在设备详情中点击「获取定位」。',
              '设备上报的位置显示在地图上并记录在定位记录中；未开通地图显示时只显示坐标，可点“在高德地图中查看”打开地图。',
              '丢失模式下可以「播放提示音」（需要「播放提示音」权限），帮助在附近找到设备。',
            ]}
          />
        ),
      },
      {
        key: 'android-locate',
        title: 'Android 设备定位',
        body: <Paragraph style={{ marginBottom: 0 }}>有「获取定位」权限的店员可随时获取 Android 设备位置，不需要先锁定。位置记录在设备详情中。</Paragraph>,
      },
    ],
  },
  {
    id: 'offline-code',
    title: 'Android 离线解锁码',
    summary: '租机人还款后手机却无法联网时，可以用离线解锁码当场解锁。',
    topics: [
      {
        key: 'how',
        title: '如何使用',
        body: (
          <Steps
            items={[
              '请租机人读出手机锁定界面上显示的 8 位挑战码。',
              '在设备详情中点击「获取离线解锁码」（需要「获取离线解锁码」权限，并输入你的登录密码或二级密码确认），填入挑战码。',
              '把得到的解锁码告诉租机人，在锁定界面输入即可解锁。解锁码只对这台手机和当时的挑战码有效。',
              '解除监管也有对应的离线解除监管码（需要对应权限）。',
            ]}
          />
        ),
      },
      {
        key: 'offline-lock',
        title: '长时间离线会自动锁定',
        body: (
          <Paragraph style={{ marginBottom: 0 }}>
            为防止租机人通过断网逃避管理，手机离线超过门店设定的时长（默认 72 小时）会自动锁定，联网或输入离线解锁码后恢复。
          </Paragraph>
        ),
      },
    ],
  },
  {
    id: 'recycle',
    title: '回收站与归档',
    topics: [
      {
        key: 'apple-recycle',
        title: 'Apple 设备回收站',
        body: (
          <Points
            items={[
              <>
                不再需要管理的设备可以「移入回收站」（需要「移入回收站」权限）：设备从列表移到 <Link to="/console/device/ios/recycled-list">回收站</Link>
                ，不能再下发指令，设备上的管理不受影响，可随时移出回收站恢复。
              </>,
              '在回收站中彻底删除后，设备会在下次联网时脱离管理，且无法恢复。',
              <>结清释放：租机结束、设备已还清时，在设备详情的「安全与释放」中选择「结清释放」，按步骤解锁并解除管理。</>,
            ]}
          />
        ),
      },
      {
        key: 'android-archive',
        title: 'Android 设备归档',
        body: (
          <Paragraph style={{ marginBottom: 0 }}>
            归档（需要「归档」权限）会通知手机上的管理代理解除管理，设备从列表移到「已归档」，历史记录保留可查。
          </Paragraph>
        ),
      },
    ],
  },
  {
    id: 'library',
    title: '壁纸与应用库',
    topics: [
      {
        key: 'wallpaper',
        title: '壁纸',
        body: (
          <Paragraph style={{ marginBottom: 0 }}>
            在 <Link to="/console/device/wallpaper">壁纸管理</Link> 上传 JPEG 或 PNG 图片（PNG 自动转换为 JPEG，不超过 5
            MB），设置壁纸时从这里选择。上传和删除需要「设置壁纸」权限（Apple 或 Android）。
          </Paragraph>
        ),
      },
      {
        key: 'appstore',
        title: '应用库',
        body: (
          <Paragraph style={{ marginBottom: 0 }}>
            在 <Link to="/console/appstore">应用商店</Link> 维护门店常用应用：Apple 应用可在 App Store 搜索后添加（服务器未开通在线搜索时手动填写 Bundle
            ID），Android 应用按包名添加。维护应用库需要对应平台的「设置应用限制」权限。
          </Paragraph>
        ),
      },
    ],
  },
  {
    id: 'clerks',
    title: '店员与权限',
    topics: [
      {
        key: 'roles',
        title: '管理员和店员',
        body: (
          <Points
            items={[
              '管理员拥有全部权限，可以进入「门店设置」「店员管理」，管理店员、门店默认限制和开放接口。',
              '普通店员只能使用被授予的权限；没有「查看全部设备」时只能看到分配给自己的设备。',
              '管理员可以为店员设置设备额度，达到额度后该店员不能再登记新设备。',
              '设备可以批量交给其他店员负责（需要「批量更换店员」权限），交接记录可在店员管理中查看。',
              '敏感操作（如获取 Android 离线解锁码、开放接口密钥）需要输入登录密码或二级密码；管理员开启「敏感操作短信验证」后，部分操作还需短信验证码。',
            ]}
          />
        ),
      },
      { key: 'table', title: '权限一览', body: <PermissionTable /> },
    ],
  },
  {
    id: 'store-api',
    title: '门店开放接口',
    summary: '门店自己的业务系统（ERP）可以通过开放接口查询设备、锁定和解锁，并接收设备事件回调。',
    topics: [
      {
        key: 'setup',
        title: '开通与密钥',
        body: (
          <Points
            items={[
              '由管理员在「门店设置」中开启开放接口，生成 API Key 和密钥（密钥只显示一次，请妥善保存），并设置回调地址和 IP 白名单。',
              '每个请求都要用密钥签名（HMAC-SHA256，带时间戳），只接受白名单中的 IP。',
              <>
                接口的详细说明见服务器的 <a href="/api/docs">接口文档</a>。
              </>,
            ]}
          />
        ),
      },
      {
        key: 'callback',
        title: '事件回调',
        body: (
          <Paragraph style={{ marginBottom: 0 }}>
            设备接入、锁定、解锁、定位、更换 SIM 卡、离线、解除管理等事件会签名后推送到回调地址，失败时自动重试。
          </Paragraph>
        ),
      },
    ],
  },
  {
    id: 'faq',
    title: '常见问题',
    topics: [
      {
        key: 'safari',
        title: '租机人打开接入链接后无法安装描述文件？',
        body: (
          <Paragraph style={{ marginBottom: 0 }}>
            请确认是用 Safari 打开的链接，而不是微信、QQ 等应用的内置浏览器；并且是在要接入的那台 iPhone 上打开。下载后到 设置 → 已下载描述文件 中安装。
          </Paragraph>
        ),
      },
      {
        key: 'pending',
        title: '点了锁定，设备一直显示「锁定中」？',
        body: (
          <Paragraph style={{ marginBottom: 0 }}>
            指令已经下发，设备联网后才会执行。设备关机或没有网络时会一直等待；上线后状态自动更新，不需要重复操作。
          </Paragraph>
        ),
      },
      {
        key: 'locate',
        title: 'Apple 设备为什么获取不到位置？',
        body: <Paragraph style={{ marginBottom: 0 }}>Apple 只在丢失模式下提供位置。请先锁定设备；设备需要联网并开启定位服务。</Paragraph>,
      },
      {
        key: 'agent-download',
        title: 'Android 手机扫码后无法下载管理代理？',
        body: (
          <Paragraph style={{ marginBottom: 0 }}>
            请确认手机已连上网络，并且二维码没有过期。若仍提示下载失败，可能是服务器尚未部署管理代理安装包，请联系平台运营方。
          </Paragraph>
        ),
      },
      {
        key: 'no-button',
        title: '看不到某个按钮或菜单？',
        body: <Paragraph style={{ marginBottom: 0 }}>控制台只显示你有权限、门店已开通的功能。请联系门店管理员在「店员管理」中授予对应权限。</Paragraph>,
      },
      {
        key: 'sim',
        title: '租机人换了 SIM 卡怎么知道？',
        body: <Paragraph style={{ marginBottom: 0 }}>Apple 设备详情中的「SIM 卡记录」会记下每次换卡；开通开放接口的门店还会收到换卡回调。</Paragraph>,
      },
      {
        key: 'password',
        title: '忘记密码怎么办？',
        body: (
          <Paragraph style={{ marginBottom: 0 }}>
            在登录页点击「忘记密码」，用账号绑定的手机号接收验证码后重设。已登录时可在 <Link to="/console/security/password">修改密码</Link> 中修改。
          </Paragraph>
        ),
      },
    ],
  },
];
