import ExcelJS from 'exceljs';
import { type IosListQuery, OperationStatus, enrollmentStatusLabel, lockStatusLabel, superviseStatusLabel } from '@lease/shared';
import type { AuthContext } from '../../http/authz.ts';
import type { OperationLogRepo } from '../logs/operation-log.repo.ts';
import { toListItem } from './ios-device.dto.ts';
import type { IosDeviceRepo } from './ios-device.repo.ts';
import { scopeOf } from './ios-device.service.ts';

const MAX_ROWS = 20_000;
const PAGE = 50;

const cst = (iso: string | null) => (iso ? new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }) : '');

/** createIosExportService writes the filtered device list to xlsx, page by page, with the same scoping as the list. */
export function createIosExportService(deps: { repo: IosDeviceRepo; oplog: OperationLogRepo }) {
  return {
    async export(auth: AuthContext, filters: Omit<IosListQuery, 'page_num' | 'page_size'>): Promise<Buffer> {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Apple 设备');
      sheet.columns = [
        { header: '序列号', key: 'serial', width: 16 },
        { header: '型号', key: 'model', width: 18 },
        { header: 'IMEI 1', key: 'imei1', width: 18 },
        { header: 'IMEI 2', key: 'imei2', width: 18 },
        { header: '系统版本', key: 'os', width: 10 },
        { header: '租机人', key: 'hirer', width: 10 },
        { header: '租机人手机号', key: 'phone', width: 14 },
        { header: '店员', key: 'clerk', width: 10 },
        { header: '接入状态', key: 'enrolled', width: 10 },
        { header: '锁定状态', key: 'lock', width: 10 },
        { header: '监管状态', key: 'supervised', width: 10 },
        { header: '登记时间', key: 'registered', width: 20 },
        { header: '最后在线', key: 'active', width: 20 },
        { header: '备注', key: 'remark', width: 20 },
      ];
      sheet.getRow(1).font = { bold: true };
      for (let pageNum = 0; pageNum * PAGE < MAX_ROWS; pageNum++) {
        const { rows } = await deps.repo.list(scopeOf(auth), { ...filters, page_num: pageNum, page_size: PAGE }, false);
        for (const { device, clerkName } of rows) {
          const item = toListItem(device, clerkName, '', null);
          sheet.addRow({
            serial: item.serial_number,
            model: item.model_name,
            imei1: item.imei_1,
            imei2: item.imei_2,
            os: item.os_version,
            hirer: item.hirer_name,
            phone: item.hirer_phone_number,
            clerk: item.for_clerk?.name ?? '',
            enrolled: enrollmentStatusLabel[item.enrollment_status],
            lock: lockStatusLabel[item.lock_status],
            supervised: superviseStatusLabel[item.supervise_status],
            registered: cst(item.registration_time),
            active: cst(item.last_active_time),
            remark: item.remark,
          });
        }
        if (rows.length < PAGE) break;
      }
      await deps.oplog.insertMany([
        {
          storeId: auth.storeId,
          clerkId: auth.clerkId,
          platform: 'ios',
          action: 'export-list',
          status: OperationStatus.DONE,
          detail: { rows: sheet.rowCount - 1 },
        },
      ]);
      return Buffer.from(await book.xlsx.writeBuffer());
    },
  };
}
export type IosExportService = ReturnType<typeof createIosExportService>;
