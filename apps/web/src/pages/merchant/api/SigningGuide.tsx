import { Collapse } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';

const requestExample = `// Node.js 示例：调用开放接口
const crypto = require('node:crypto');

const apiKey = 'ak_...';          // 控制台显示的 API Key
const secret = 'sk_...';          // 生成时只显示一次的密钥
const method = 'POST';
const path = '/open/v1/devices/ios/<设备ID>/lock';   // 含查询串，如 /open/v1/devices?page_num=0
const body = JSON.stringify({ message: '请联系门店还款' });  // GET 请求为空字符串
const timestamp = String(Math.floor(Date.now() / 1000));
const nonce = crypto.randomBytes(16).toString('hex');
const bodyHash = crypto.createHash('sha256').update(body).digest('hex');
const signature = crypto.createHmac('sha256', secret)
  .update([method, path, timestamp, nonce, bodyHash].join('\\n'))
  .digest('hex');

await fetch('https://<服务器地址>' + path, {
  method,
  headers: { 'Content-Type': 'application/json', 'X-Api-Key': apiKey,
    'X-Timestamp': timestamp, 'X-Nonce': nonce, 'X-Signature': signature },
  body,
});`;

/** SigningGuide is the short how-to of the settings page; docs/open-api.md has the full reference. */
export function SigningGuide() {
  return (
    <div>
      <Typography.Paragraph>
        每个请求带上 <Typography.Text code>X-Api-Key</Typography.Text>、<Typography.Text code>X-Timestamp</Typography.Text>（Unix 秒，与服务器相差不超过 300
        秒）、
        <Typography.Text code>X-Nonce</Typography.Text>（16-64 位随机串，不可重复使用）和 <Typography.Text code>X-Signature</Typography.Text>：
      </Typography.Paragraph>
      <Typography.Paragraph>
        <Typography.Text code>
          X-Signature = hex(HMAC-SHA256(密钥, 方法 + "\n" + 路径含查询串 + "\n" + 时间戳 + "\n" + 随机串 + "\n" + hex(SHA256(请求体))))
        </Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        回调通知使用同样的签名方式（方法为 POST，路径为回调地址的路径和查询串），另带 <Typography.Text code>X-Event-Id</Typography.Text>
        。接收方应校验签名和时间戳，并按事件 ID 去重。 接口：<Typography.Text code>GET /open/v1/devices</Typography.Text>、
        <Typography.Text code>
          GET /open/v1/devices/{'{平台}'}/{'{ID}'}
        </Typography.Text>
        、<Typography.Text code>POST …/lock</Typography.Text>、<Typography.Text code>POST …/unlock</Typography.Text>、
        <Typography.Text code>POST …/hirer</Typography.Text>，完整说明见接口文档（/api/docs 中的 open-api 分组）。
      </Typography.Paragraph>
      <Collapse
        size="small"
        items={[
          {
            key: 'example',
            label: '签名示例代码（Node.js）',
            children: (
              <Typography.Paragraph copyable={{ text: requestExample }} style={{ margin: 0 }}>
                <pre style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap' }}>{requestExample}</pre>
              </Typography.Paragraph>
            ),
          },
        ]}
      />
    </div>
  );
}
