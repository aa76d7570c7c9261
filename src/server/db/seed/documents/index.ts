import type { DocumentTable } from '../../schema';
import { cancellationAgreement, personalInfoList, thirdPartySdk } from './others';
import { privacyPolicy } from './privacy';
import { userAgreement } from './user-agreement';

/** Legal documents keyed for `/api/framework/agreement` and the public agreement pages. */
export function buildDocuments(now: number): DocumentTable[] {
  return [
    { key: 'user_agreement', title: '用户协议', content: userAgreement(now), updated_at: now },
    { key: 'privacy', title: '隐私政策', content: privacyPolicy(now), updated_at: now },
    { key: 'personal_info_list', title: '个人信息收集清单', content: personalInfoList(now), updated_at: now },
    { key: 'third_party_sdk', title: '第三方SDK目录', content: thirdPartySdk(now), updated_at: now },
    { key: 'cancellation', title: '注销协议', content: cancellationAgreement(now), updated_at: now },
  ];
}
